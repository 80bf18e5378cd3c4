"""Which bounds of a Dim the exported module checks: upper bounds and lower bounds above 2."""
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

# --8<-- [start:probe]
specs = {
    'Dim("b")': Dim("b"),
    'Dim("b", min=2)': Dim("b", min=2),
    'Dim("b", min=3)': Dim("b", min=3),
    "Dim.AUTO": Dim.AUTO,
    "Dim.DYNAMIC": Dim.DYNAMIC,
}
accepted = {}
for label, dim in specs.items():
    ep = export(model, (torch.randn(4, 4),), dynamic_shapes={"x": {0: dim}})
    runner = ep.module()
    accepted[label] = []
    for batch in (0, 1, 2, 3):
        x = torch.randn(batch, 4)
        try:
            out = runner(x)
        except AssertionError:                  # the input check failed
            continue
        assert torch.equal(out, model(x))
        accepted[label].append(batch)
    (vr,) = ep.range_constraints.values()
    print(f"{label:16} reported range [{vr.lower}, {vr.upper}]  batches accepted: {accepted[label]}")
# --8<-- [end:probe]
assert accepted == {'Dim("b")': [0, 1, 2, 3], 'Dim("b", min=2)': [0, 1, 2, 3],
                    'Dim("b", min=3)': [3], "Dim.AUTO": [0, 1, 2, 3], "Dim.DYNAMIC": [0, 1, 2, 3]}
