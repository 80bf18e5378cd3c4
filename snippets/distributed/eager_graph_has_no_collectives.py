"""Under DDP the recorded graph is the plain model's graph: communication lives in hooks, not nodes."""
import torch
import torch.distributed as dist
from fieldkit import save_svg
from fieldkit.autograd_graph import graph_of, to_svg
from torch import nn
from torch.nn.parallel import DistributedDataParallel as DDP

dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1)   # a group of one

# --8<-- [start:graph]
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(16, 32), nn.Tanh(), nn.Linear(32, 1))
ddp = DDP(model)
x, y = torch.randn(64, 16), torch.ones(64, 1)
params = {name.removeprefix("module."): p for name, p in ddp.named_parameters()}

plain = graph_of(nn.functional.mse_loss(model(x), y), params=params)
wrapped = graph_of(nn.functional.mse_loss(ddp(x), y), params=params)
labels = [node.label for node in wrapped.nodes]
print("nodes in the graph recorded through DDP:", len(wrapped.nodes))
print("identical to the graph without DDP:    ", labels == [node.label for node in plain.nodes])
print("backward nodes:", ", ".join(n.label for n in wrapped.nodes if n.kind == "function"))
save_svg("graph", to_svg(wrapped, title="One training step's graph, recorded through DDP"))
# --8<-- [end:graph]

assert labels == [node.label for node in plain.nodes]
assert not any("reduce" in label.lower() or "gather" in label.lower() for label in labels)
dist.destroy_process_group()
