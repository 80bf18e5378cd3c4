"""A Python bool flag is guarded by value: each value gets its own graph, and both are reused."""
import torch
import torch._dynamo
from logcapture import torch_logs, without_source_comments

graphs = []


def counting_backend(gm, example_inputs):
    graphs.append(gm)
    return gm.forward


# --8<-- [start:flag]
def head(x, use_dropout):
    h = torch.relu(x)
    if use_dropout:                                  # a Python flag, not a tensor
        h = torch.nn.functional.dropout(h, p=0.5, training=True)
    return h.sum()


compiled = torch.compile(head, backend=counting_backend)
# --8<-- [end:flag]
torch.manual_seed(0)
x = torch.randn(8)
with torch_logs(recompiles=True) as reasons:
    for flag in [False, True, False, True, True]:
        before = len(graphs)
        compiled(x, flag)
        state = f"compiled graph {len(graphs)}" if len(graphs) > before else "reused"
        print(f"use_dropout={flag!s:<5} -> {state}")
(reason,) = reasons
guard = next(line.strip() for line in reason.splitlines() if line.strip().startswith("- "))
print("the guard that failed:", without_source_comments(guard).removeprefix("- "))
for i, gm in enumerate(graphs, 1):
    names = [getattr(n.target, "__name__", str(n.target))
             for n in gm.graph.nodes if n.op in ("call_function", "call_method")]
    print(f"graph {i}: {names}")
assert len(graphs) == 2 and "use_dropout" in guard
assert torch.equal(compiled(x, False), head(x, False))
