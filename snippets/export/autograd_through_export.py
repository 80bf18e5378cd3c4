"""The exported graph is forward-only; running ep.module() records an ordinary autograd graph."""
import copy

import torch
from fieldkit import save_svg
from fieldkit.autograd_graph import describe, draw, graph_of
from torch.export import export


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 2)

    def forward(self, x):
        return torch.tanh(self.lin(x)).sum()


torch.manual_seed(0)
model = Net()
eager = copy.deepcopy(model)
x = torch.randn(3, 4)
ep = export(model, (x,))
runner = ep.module()

# --8<-- [start:graph]
ops = [str(n.target) for n in ep.graph.nodes if n.op == "call_function"]
print("ops in the exported graph:", ops)
# --8<-- [end:graph]

# --8<-- [start:backward]
loss = runner(x)
print("loss.grad_fn:", type(loss.grad_fn).__name__)
loss.backward()
eager(x).backward()
print("runner.lin.weight is model.lin.weight:", runner.lin.weight is model.lin.weight)
print("gradient equals eager's:", torch.allclose(model.lin.weight.grad, eager.lin.weight.grad))
with torch.no_grad():
    print("under no_grad, output requires_grad:", runner(x).requires_grad)
# --8<-- [end:backward]

names = {"weight": model.lin.weight, "bias": model.lin.bias}
eager_names = {"weight": eager.lin.weight, "bias": eager.lin.bias}
same_graph = describe(graph_of(runner(x), params=names)) == describe(
    graph_of(eager(x), params=eager_names))
print("same autograd graph as eager:", same_graph)
save_svg("graph", draw(runner(x), params=names, title="autograd graph of ep.module()(x)"))

assert not any("backward" in op for op in ops) and same_graph
assert torch.allclose(model.lin.weight.grad, eager.lin.weight.grad)
