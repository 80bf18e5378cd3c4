"""eager_on_recompile: the error is gone, but the new size silently runs without any compiled graph."""
import torch

graph_runs = []


def counting_backend(gm, example_inputs):
    def run(*args):
        graph_runs.append(gm)
        return gm.forward(*args)
    return run


def total(x):
    return (x * 2).sum()


compiled = torch.compile(total, backend=counting_backend)
compiled(torch.ones(2))
with torch.compiler.set_stance("eager_on_recompile"):
    for n in [2, 3, 7]:
        before = len(graph_runs)
        out = compiled(torch.ones(n))
        how = "compiled graph" if len(graph_runs) > before else "eager, no graph"
        print(f"size {n}: {out.item():.0f} via {how}")
assert len(graph_runs) == 2                       # the warm-up and the size-2 call only
