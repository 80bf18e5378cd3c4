"""An example input with batch size 1: a named Dim or Dim.DYNAMIC refuses it, Dim.AUTO quietly
makes the batch a constant."""
import logging

import torch
import torch._dynamo
from torch.export import Dim, export


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 3)

    def forward(self, x):
        return torch.relu(self.lin(x))


class Collect(logging.Handler):                 # export logs the AUTO case as a warning
    def __init__(self):
        super().__init__()
        self.messages = []

    def emit(self, record):
        self.messages.append(record.getMessage())


warnings = Collect()
logging.getLogger("torch._export.non_strict_utils").handlers = [warnings]   # instead of stderr

torch.manual_seed(0)
model = Net()
outcomes = {}
# --8<-- [start:probe]
for label, dim in {'Dim("b")': Dim("b"), "Dim.DYNAMIC": Dim.DYNAMIC, "Dim.AUTO": Dim.AUTO}.items():
    try:
        ep = export(model, (torch.randn(1, 4),), dynamic_shapes={"x": {0: dim}})
    except (torch._dynamo.exc.UserError, ValueError) as error:
        lines = [line.strip() for line in str(error).splitlines() if line.strip()]
        outcomes[label] = type(error).__name__
        print(f"{label}: {type(error).__name__}: {lines[1].removeprefix('- ')}")
        continue
    (x,) = [n.meta["val"] for n in ep.graph.nodes if n.op == "placeholder" and n.name == "x"]
    try:
        ep.module()(torch.randn(5, 4))
    except AssertionError as error:              # the exported module's input check
        outcomes[label] = "static"
        print(f"{label}: exported, x has shape {list(x.shape)}; batch 5 -> {error}")
# --8<-- [end:probe]
print("export's warning:", warnings.messages[0])
assert outcomes == {'Dim("b")': "UserError", "Dim.DYNAMIC": "ValueError", "Dim.AUTO": "static"}
