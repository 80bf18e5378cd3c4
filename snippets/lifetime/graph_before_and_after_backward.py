"""The same graph drawn before and after backward(): the nodes stay, the saved tensors go."""
import torch
from fieldkit import save_svg
from fieldkit.autograd_graph import draw, graph_of

torch.manual_seed(0)
x = torch.randn(4, 3)
w1 = torch.randn(3, 5, requires_grad=True)
w2 = torch.randn(5, 1, requires_grad=True)

# --8<-- [start:forward]
h = torch.tanh(x @ w1)
loss = (h @ w2).pow(2).mean()
params = {"x": x, "w1": w1, "w2": w2, "loss": loss}


def count(kind):
    return sum(node.kind == kind for node in graph_of(loss, params=params).nodes)


before = (count("function") + count("leaf"), count("saved"))
save_svg("a-before", draw(loss, params=params, title="Before backward: saved tensors (dashed)"))
loss.backward()
after = (count("function") + count("leaf"), count("saved"))
save_svg("b-after", draw(loss, params=params, title="After backward: same nodes, no saved tensors"))

print(f"before backward: {before[0]} nodes, {before[1]} saved tensors")
print(f"after backward:  {after[0]} nodes, {after[1]} saved tensors")
# --8<-- [end:forward]
assert before[0] == after[0] and before[1] > 0 and after[1] == 0
