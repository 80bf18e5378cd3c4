"""Warm up with the size marked dynamic: later sizes reuse the graph, and the stance never fires."""
import torch
import torch._dynamo

graphs = []


def count_graphs(gm, example_inputs):
    graphs.append(gm)
    return gm.forward


def total(x):
    return (x * 2).sum()


compiled = torch.compile(total, backend=count_graphs)
warm = torch.ones(2)
torch._dynamo.mark_dynamic(warm, 0)              # compile a graph with a symbolic length
compiled(warm)
with torch.compiler.set_stance("fail_on_recompile"):
    for n in [3, 7, 100]:
        out = compiled(torch.ones(n))
        print(f"size {n}: {out.item():.0f} (graphs so far: {len(graphs)})")
        assert out.item() == 2 * n
assert len(graphs) == 1
