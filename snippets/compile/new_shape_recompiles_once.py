"""A second shape triggers one recompile with a symbolic size; later shapes reuse that graph."""
import torch
from logcapture import torch_logs, without_source_comments

# --8<-- [start:counter]
compiles = []


def counting_backend(gm, example_inputs):
    compiles.append(gm)                 # one call per (re)compilation
    return gm.forward
# --8<-- [end:counter]


def total(x):
    return (x * 2).sum()


compiled = torch.compile(total, backend=counting_backend)     # dynamic=None, the default
with torch_logs(recompiles=True) as reasons:                   # TORCH_LOGS=recompiles
    for n in [2, 3, 4, 5, 100, 1]:
        before = len(compiles)
        compiled(torch.ones(n))
        print(f"size {n:>3}: {'compiled' if len(compiles) > before else 'reused  '}"
              f"  graphs so far: {len(compiles)}")


def shown(node):
    value = node.meta["example_value"]
    return f"{node.target} {tuple(value.shape) if isinstance(value, torch.Tensor) else 'SymInt'}"


for number, gm in enumerate(compiles, start=1):
    print(f"graph {number} takes:", ", ".join(shown(n) for n in gm.graph.nodes if n.op == "placeholder"))
for reason in reasons:
    print(without_source_comments(reason))
assert len(compiles) == 3 and len(reasons) == 2
