""".item() breaks the graph by default; capture_scalar_outputs keeps it inside as a symbolic number."""
import torch
import torch._dynamo
from logcapture import torch_logs


def with_item(x):
    y = x.sin()
    scale = y.sum().item()
    return y * scale


graphs = []


def keep(gm, example_inputs):
    graphs.append(gm)
    return gm.forward


x = torch.ones(3)
for setting in [False, True]:
    torch._dynamo.reset()
    graphs.clear()
    # (torch_logs() only collects the hint torch logs about the .item() break)
    # --8<-- [start:patch]
    with torch._dynamo.config.patch(capture_scalar_outputs=setting), torch_logs():
        out = torch.compile(with_item, backend=keep)(x)
    # --8<-- [end:patch]
    print(f"capture_scalar_outputs={setting}: {len(graphs)} graph(s)")
    for gm in graphs:
        inputs = [n.target for n in gm.graph.nodes if n.op == "placeholder"]
        calls = [n.target if isinstance(n.target, str) else n.target.__name__
                 for n in gm.graph.nodes if n.op in ("call_function", "call_method")]
        print(f"    inputs {', '.join(inputs)}: {' -> '.join(calls)}")
    assert len(graphs) == (1 if setting else 2)
    assert torch.allclose(out, with_item(x))

torch._dynamo.reset()
graphs.clear()
torch.compile(with_item, backend=keep, fullgraph=True)(x)  # fullgraph turns the capture on
print(f"fullgraph=True with the default config: {len(graphs)} graph")
assert not torch._dynamo.config.capture_scalar_outputs and len(graphs) == 1
