"""d = 2*sin(a) + 1: one backward node per recorded op, constants as (None, 0), the leaf as AccumulateGrad."""
import torch
from fieldkit import save_svg
from fieldkit.autograd_graph import draw

# --8<-- [start:build]
a = torch.tensor(0.5, requires_grad=True)
d = 2 * torch.sin(a) + 1
# --8<-- [end:build]

# --8<-- [start:walk]
node, chain = d.grad_fn, []
while node is not None:
    print(f"{type(node).__name__:<15} next_functions = "
          + repr(tuple((type(fn).__name__ if fn is not None else None, nr)
                       for fn, nr in node.next_functions)))
    chain.append(type(node).__name__)
    last = node
    # follow the one edge that leads somewhere; (None, 0) marks an input needing no gradient
    node = next((fn for fn, _ in node.next_functions if fn is not None), None)
print("AccumulateGrad.variable is a:", last.variable is a)   # the node that writes a.grad
save_svg("graph", draw(d, params={"a": a, "d": d}, title="d = 2*sin(a) + 1"))
# --8<-- [end:walk]

assert chain == ["AddBackward0", "MulBackward0", "SinBackward0", "AccumulateGrad"]
assert d.grad_fn.next_functions[1] == (None, 0)          # the constant 1
assert last.variable is a
