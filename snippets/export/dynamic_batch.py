"""dynamic_shapes marks a dimension as symbolic; the program then accepts other batch sizes."""
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
example = torch.randn(4, 4)

# --8<-- [start:specs]
specs = {
    'Dim("batch")': Dim("batch"),                  # a named symbol, reusable across inputs
    'Dim("batch", max=16)': Dim("batch", max=16),  # ... with bounds
    "Dim.AUTO": Dim.AUTO,                          # dynamic if the code allows, else static
    "Dim.DYNAMIC": Dim.DYNAMIC,                    # must stay dynamic, or export fails
}
for label, dim in specs.items():
    ep = export(model, (example,), dynamic_shapes={"x": {0: dim}})
    runner = ep.module()
    x_shape = next(n.meta["val"].shape for n in ep.graph.nodes if n.name == "x")
    for batch in (1, 8, 16):
        xb = torch.randn(batch, 4)
        assert torch.equal(runner(xb), model(xb))
    print(f"{label:21} graph input x: {str(list(x_shape)):8} range: {ep.range_constraints}")
print("batches 1, 8 and 16 all ran and matched eager for every spec")
# --8<-- [end:specs]
