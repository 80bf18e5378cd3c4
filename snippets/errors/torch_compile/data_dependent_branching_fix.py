"""Both branches in the graph: torch.where (or torch.cond) compiles with fullgraph=True, one graph."""
import torch

graphs = []


def count_graphs(gm, example_inputs):
    graphs.append(gm)
    return gm.forward


def clip_or_flip(x):                     # the original, run eagerly as the reference
    if x.sum() > 0:
        return x.clamp(max=1.0)
    return -x


def clip_or_flip_where(x):
    return torch.where(x.sum() > 0, x.clamp(max=1.0), -x)


def clip_or_flip_cond(x):
    return torch.cond(x.sum() > 0, lambda t: t.clamp(max=1.0), lambda t: -t, (x,))


for fn in [clip_or_flip_where, clip_or_flip_cond]:
    graphs.clear()
    compiled = torch.compile(fn, backend=count_graphs, fullgraph=True)
    for x in [torch.tensor([0.5, 2.0]), torch.tensor([-0.5, -2.0])]:
        out = compiled(x)
        assert torch.equal(out, clip_or_flip(x))
        print(f"{fn.__name__}({x.tolist()}) = {out.tolist()}")
    print(f"  graphs compiled for both signs: {len(graphs)}")
    assert len(graphs) == 1
