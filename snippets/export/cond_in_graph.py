"""torch.cond puts both branches in the graph; the choice is made when the program runs."""
import torch
from exportview import graph_code
from torch.export import export


class Gate(torch.nn.Module):
    def forward(self, x):
        # --8<-- [start:cond]
        return torch.cond(x.sum() > 0,                 # a boolean tensor, decided at run time
                          lambda t: t.sin(),           # true branch
                          lambda t: t.cos(),           # false branch
                          (x,))                        # operands passed to the branch taken
        # --8<-- [end:cond]


def eager_gate(x):
    return x.sin() if x.sum() > 0 else x.cos()


ep = export(Gate(), (torch.tensor([1.0, 2.0, 3.0]),))
print(graph_code(ep.graph_module))

runner = ep.module()
for x in (torch.tensor([1.0, 2.0, 3.0]), torch.tensor([-1.0, -2.0, -3.0])):
    y = runner(x)
    print(f"x.sum()={x.sum().item():+.0f} ->", y)
    assert torch.equal(y, eager_gate(x))
assert any(n.target is torch.ops.higher_order.cond for n in ep.graph.nodes)
