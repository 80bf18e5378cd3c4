"""torch.cond puts both branches into the exported graph; the program takes the right one at run time."""
import torch
from torch.export import export


class Gate(torch.nn.Module):                          # the original, as the eager reference
    def forward(self, x):
        if x.sum() > 0:
            return x.sin()
        return x.cos()


class GateCond(torch.nn.Module):
    def forward(self, x):
        return torch.cond(x.sum() > 0, lambda t: t.sin(), lambda t: t.cos(), (x,))


ep = export(GateCond(), (torch.tensor([1.0, 2.0, 3.0]),))
print("ops:", [str(n.target) for n in ep.graph.nodes if n.op == "call_function"])
for x in [torch.tensor([1.0, 2.0, 3.0]), torch.tensor([-1.0, -2.0, -3.0])]:
    assert torch.allclose(ep.module()(x), Gate()(x))
    print(f"sum {x.sum().item():+.0f}: equals eager")
