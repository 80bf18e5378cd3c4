"""A branch not taken records nothing: its parameters are absent from this iteration's graph."""
import torch
from fieldkit import save_svg
from fieldkit.autograd_graph import graph_of, to_svg
from torch import nn


# --8<-- [start:model]
class BranchNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(4, 4)
        self.branch = nn.Linear(4, 4)
        self.head = nn.Linear(4, 1)

    def forward(self, x, use_branch):
        h = torch.relu(self.body(x))
        if use_branch:                    # plain Python, decided again in every forward
            h = torch.relu(self.branch(h))
        return self.head(h)
# --8<-- [end:model]


torch.manual_seed(0)
model = BranchNet()
params = dict(model.named_parameters())
x = torch.randn(2, 4)
reached = {}
for use_branch, figure in [(False, "a_branch_skipped"), (True, "b_branch_taken")]:
    loss = model(x, use_branch).sum()
    graph = graph_of(loss, params=params)
    reached[use_branch] = sorted(n.label.split()[0] for n in graph.nodes if n.kind == "leaf")
    missing = sorted(set(params) - set(reached[use_branch]))
    print(f"use_branch={use_branch!s:5}  leaves in the graph: {', '.join(reached[use_branch])}")
    print(f"{'':18}never reached:       {', '.join(missing) or '-'}")
    save_svg(figure, to_svg(graph, title=f"use_branch={use_branch}"))

assert reached[False] == ["body.bias", "body.weight", "head.bias", "head.weight"]
assert reached[True] == sorted(params)
