"""x reaches y along three edges; the three contributions are summed: dy/dx = 2x + 3."""
import torch
from enginemodel import count_dependencies

# --8<-- [start:build]
x = torch.tensor([1.0, -0.5, 2.0], requires_grad=True)
y = x * x + 3 * x
# --8<-- [end:build]

# --8<-- [start:count]
accumulate = torch.autograd.graph.get_gradient_edge(x).node  # x's AccumulateGrad
runs = []
accumulate.register_prehook(lambda grads: runs.append(grads[0].clone()))
print("edges into x's AccumulateGrad:", count_dependencies(y.grad_fn)[accumulate])

y.backward(torch.ones_like(y))
print("AccumulateGrad ran", len(runs), "time(s), with", runs[0])
print("x.grad =", x.grad, "  2x + 3 =", 2 * x.detach() + 3)
assert count_dependencies(y.grad_fn)[accumulate] == 3 and len(runs) == 1
assert torch.equal(x.grad, 2 * x.detach() + 3)
# --8<-- [end:count]
