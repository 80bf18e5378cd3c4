"""A backend is just a function: it receives the FX graph Dynamo captured and returns a callable."""
import torch

captured = []


# --8<-- [start:backend]
def show_graph(gm: torch.fx.GraphModule, example_inputs):
    captured.append(gm)
    gm.print_readable(include_stride=False, include_device=False, colored=False)
    return gm.forward                   # run the captured graph as it is, op by op
# --8<-- [end:backend]


# --8<-- [start:model]
def f(x, w):
    h = torch.relu(x @ w)
    return (h * h).mean()


compiled_f = torch.compile(f, backend=show_graph)
# --8<-- [end:model]

torch.manual_seed(0)
x = torch.randn(2, 4)
w = torch.randn(4, 3, requires_grad=True)
out = compiled_f(x, w)
print("compiled:", out, "  eager:", f(x, w))
ops = [node.op for node in captured[0].graph.nodes]
print("graph nodes by kind:", {kind: ops.count(kind) for kind in dict.fromkeys(ops)})
assert len(captured) == 1 and torch.allclose(out, f(x, w))
