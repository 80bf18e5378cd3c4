"""dynamic=False specialises on every shape, dynamic=True never does, mark_dynamic picks one dim."""
import torch
import torch._dynamo

compiles = []


def counting_backend(gm, example_inputs):
    compiles.append(gm)
    return gm.forward


def total(x):
    return (x * 2).sum()


def graph_inputs(gm):
    shown = []
    for node in gm.graph.nodes:
        if node.op == "placeholder":
            value = node.meta["example_value"]
            is_tensor = isinstance(value, torch.Tensor)
            shown.append(f"{node.target} {tuple(value.shape) if is_tensor else 'SymInt'}")
    return ", ".join(shown)


sizes = [(2, 8), (3, 8), (4, 8), (5, 8)]
for dynamic in [False, None, True]:
    torch._dynamo.reset()
    compiles.clear()
    compiled = torch.compile(total, backend=counting_backend, dynamic=dynamic)
    for shape in sizes:
        compiled(torch.ones(shape))
    count = f"{len(compiles)} compile{'s' if len(compiles) > 1 else ''}"
    print(f"dynamic={dynamic!s:5}: {count}; last graph takes {graph_inputs(compiles[-1])}")
    assert len(compiles) == {False: 4, None: 2, True: 1}[dynamic]

torch._dynamo.reset()
compiles.clear()
compiled = torch.compile(total, backend=counting_backend)
for shape in sizes:
    # --8<-- [start:mark]
    x = torch.ones(shape)
    torch._dynamo.mark_dynamic(x, 0)          # dim 0 varies; dim 1 stays specialised
    # --8<-- [end:mark]
    compiled(x)
print(f"mark_dynamic(x, 0): {len(compiles)} compile; graph takes {graph_inputs(compiles[-1])}")
assert len(compiles) == 1
