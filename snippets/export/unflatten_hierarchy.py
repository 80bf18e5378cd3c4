"""torch.export.unflatten rebuilds the module tree that export flattened into one graph."""
import warnings

import torch
from torch.export import export, unflatten


class Block(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 4)
        self.norm = torch.nn.LayerNorm(4)

    def forward(self, x):
        return self.norm(torch.relu(self.lin(x))) + x


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = torch.nn.Sequential(Block(), Block())
        self.head = torch.nn.Linear(4, 2)

    def forward(self, x):
        return self.head(self.blocks(x))


def calls(graph_module):
    """What each node of a graph calls: a submodule by name, or an ATen op."""
    return [str(n.target) for n in graph_module.graph.nodes if n.op in ("call_module", "call_function")]


# torch 2.13's unflatten copies its input spec and trips its own deprecated LeafSpec check
warnings.filterwarnings("ignore", message=".*LeafSpec.*", category=FutureWarning)

torch.manual_seed(0)
model = Net()
x = torch.randn(3, 4)
ep = export(model, (x,))
flat = ep.module()
aten = [c for c in calls(flat) if c.startswith("aten.")]
others = [c for c in calls(flat) if not c.startswith("aten.")]
print(f"ep.module(): one graph of {len(aten)} ATen calls; the only other call is {others}")

# --8<-- [start:unflatten]
tree = unflatten(ep)
print(type(tree).__name__, "submodules:")
for name, sub in tree.named_modules():
    if name:
        print(f"  {name:13} {type(sub).__name__:17} calls {calls(sub)}")
print("top level calls", calls(tree))
print("tree(x) equals model(x):", torch.equal(tree(x), model(x)))
block = tree.get_submodule("blocks.0")      # a submodule runs on its own
print("blocks.0 alone equals the eager block:", torch.equal(block(x), model.blocks[0](x)))
# --8<-- [end:unflatten]

names = [name for name, _ in tree.named_modules() if name]
assert names == [name for name, _ in model.named_modules() if name]
assert torch.equal(tree(x), model(x))
