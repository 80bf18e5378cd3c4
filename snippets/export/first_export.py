"""export() returns an ExportedProgram: an ATen graph, a signature, and a module that runs it."""
import torch
from exportview import graph_code
from torch.export import ExportedProgram, export


class Scaled(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 3)
        self.register_buffer("scale", torch.tensor(2.0))

    def forward(self, x):
        return torch.relu(self.lin(x)) * self.scale


torch.manual_seed(0)
model = Scaled()
x = torch.randn(2, 4)

# --8<-- [start:export]
ep = export(model, (x,))          # trace once, with an example input
print(type(ep).__name__)
print(graph_code(ep.graph_module))
print(ep.graph_signature)
# --8<-- [end:export]

# --8<-- [start:run]
runner = ep.module()              # an nn.Module that executes the graph
same = torch.equal(runner(x), model(x))
print("ep.module()(x) equals model(x) bit for bit:", same)
# --8<-- [end:run]

kinds = [spec.kind.name for spec in ep.graph_signature.input_specs]
assert isinstance(ep, ExportedProgram) and same
assert kinds == ["PARAMETER", "PARAMETER", "BUFFER", "USER_INPUT"]
assert all(str(n.target).startswith("aten.") for n in ep.graph.nodes if n.op == "call_function")
