"""export() gives the training IR; run_decompositions() lowers it to the inference IR / Core ATen."""
import copy
import warnings

import torch
from exportview import op_names, output_kinds
from torch.export import export

# torch 2.13's run_decompositions trips an internal pytree FutureWarning; it is not about this code
warnings.filterwarnings("ignore", message=".*LeafSpec.*", category=FutureWarning)


class Block(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = torch.nn.LayerNorm(8)
        self.lin = torch.nn.Linear(8, 8)
        self.register_buffer("calls", torch.zeros((), dtype=torch.long))

    def forward(self, x):
        self.calls += 1                                   # in-place update of a buffer
        h = torch.nn.functional.gelu(self.lin(self.norm(x)))
        h += x                                            # in-place residual add
        return h


torch.manual_seed(0)
x = torch.randn(2, 8)
model = Block()
eager = copy.deepcopy(model)
# --8<-- [start:levels]
training = export(model, (x,))                            # training IR
inference = training.run_decompositions({})               # functional, nothing decomposed
core = training.run_decompositions()                      # default table: Core ATen
# --8<-- [end:levels]

for name, ep in [("training IR", training), ("inference IR", inference), ("Core ATen", core)]:
    ops = [op for op in op_names(ep) if op.startswith("aten.")]
    print(f"{name}: {len(ops)} ATen ops")
    print("   ", ", ".join(ops))
    print("    outputs:", ", ".join(kind for _, kind in output_kinds(ep)))

for ep in (training, inference, core):
    assert torch.allclose(ep.module()(x), eager(x))
print("each level matches eager; model.calls =", int(model.calls),
      "after one call of each program: all three update the model's own buffer")
assert int(model.calls) == 3

in_place = [op for op in op_names(training) if op.endswith("_.Tensor")]
assert in_place and not [op for op in op_names(inference) if op.endswith("_.Tensor")]
core_ops = [n.target for n in core.graph.nodes if n.op == "call_function"
            and isinstance(n.target, torch._ops.OpOverload)]
assert all(torch.Tag.core in op.tags for op in core_ops)
print("every op after run_decompositions() is tagged torch.Tag.core:", True)
print("torch.export.export_for_training still exists:", hasattr(torch.export, "export_for_training"))
