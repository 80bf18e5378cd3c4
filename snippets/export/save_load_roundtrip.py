"""torch.export.save writes a .pt2 archive; torch.export.load gives back a program that runs."""
import tempfile
import zipfile
from pathlib import Path

import torch
from torch.export import Dim, export


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 3)

    def forward(self, x):
        return torch.relu(self.lin(x))


torch.manual_seed(0)
model = Net()
ep = export(model, (torch.randn(4, 4),), dynamic_shapes={"x": {0: Dim("batch", max=64)}})

with tempfile.TemporaryDirectory() as folder:
    # --8<-- [start:roundtrip]
    path = Path(folder) / "net.pt2"
    torch.export.save(ep, path)
    loaded = torch.export.load(path)
    # --8<-- [end:roundtrip]
    with zipfile.ZipFile(path) as archive:
        entries = sorted(archive.namelist())

print("archive entries:", *entries, sep="\n  ")
print("loaded:", type(loaded).__name__, "| range constraints:", loaded.range_constraints)
x = torch.randn(10, 4)
same = torch.equal(loaded.module()(x), model(x))
print("loaded.module()(x) equals model(x) for a batch of 10:", same)
print("weights are copies, not the model's tensors:",
      loaded.state_dict["lin.weight"] is not model.lin.weight)
assert same and loaded.range_constraints == ep.range_constraints
