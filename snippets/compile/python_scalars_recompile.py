"""Python arguments are guarded by value; ints and floats turn symbolic after one change, strings never."""
import torch
import torch._dynamo
from logcapture import torch_logs, without_source_comments

compiles = []


def counting_backend(gm, example_inputs):
    compiles.append(gm)
    return gm.forward


# --8<-- [start:layer]
def layer(x, scale, activation):
    return getattr(torch, activation)(x * scale)
# --8<-- [end:layer]


def kind(node):
    value = node.meta["example_value"]
    if isinstance(value, torch.Tensor):
        return f"{str(value.dtype).removeprefix('torch.')}{list(value.shape)}"
    return type(value).__name__


x = torch.ones(3)
cases = [("int scale", [(2, "relu"), (3, "relu"), (4, "relu"), (5, "relu")]),
         ("float scale", [(0.5, "relu"), (1.5, "relu"), (2.5, "relu"), (3.5, "relu")]),
         ("str activation", [(2, "relu"), (2, "tanh"), (2, "sigmoid"), (2, "sin")])]
for title, calls in cases:
    torch._dynamo.reset()
    compiles.clear()
    compiled = torch.compile(layer, backend=counting_backend)
    with torch_logs(recompiles=True) as reasons:
        for scale, activation in calls:
            assert torch.equal(compiled(x, scale, activation), layer(x, scale, activation))
    print(f"{title}: {len(calls)} calls, {len(compiles)} compiles")
    first_guard = next(line for line in reasons[0].splitlines() if line.strip().startswith("- "))
    first_guard = first_guard.strip().removeprefix("- ")
    print(f"    first recompile: {without_source_comments(first_guard)}")
    last = [f"{n.target}: {kind(n)}" for n in compiles[-1].graph.nodes if n.op == "placeholder"]
    print(f"    last graph takes {', '.join(last)}")
    assert len(compiles) == (4 if title.startswith("str") else 2)
