"""Estimating a training step's peak memory without running it on real data: MemTracker, a
TorchDispatchMode, counts the tensors of a step run under FakeTensorMode, which allocates nothing."""
import torch
from torch import nn
from torch._subclasses.fake_tensor import FakeTensor, FakeTensorMode
from torch.distributed._tools.mem_tracker import MemTracker

# --8<-- [start:estimate]
with FakeTensorMode():                            # every tensor below has shapes, not storage
    model = nn.Sequential(nn.Linear(1024, 4096), nn.ReLU(), nn.Linear(4096, 1024))
    optimizer = torch.optim.Adam(model.parameters())
    x = torch.randn(256, 1024)
    tracker = MemTracker()
    tracker.track_external(model, optimizer, x)
    with tracker:
        model(x).sum().backward()
        optimizer.step()
        optimizer.zero_grad()
peak = tracker.get_tracker_snapshot("peak")[torch.device("cpu")]
# --8<-- [end:estimate]
assert isinstance(model[0].weight, FakeTensor)
mib = 2**20
for kind, size in peak.items():
    name = getattr(kind, "value", kind)
    print(f"{name:<12} {size / mib:8.2f} MiB")
n_params = sum(p.numel() for p in model.parameters())
assert peak[next(k for k in peak if getattr(k, "value", "") == "Parameter")] == 4 * n_params
assert peak[next(k for k in peak if getattr(k, "value", "") == "Optstate")] >= 2 * 4 * n_params
