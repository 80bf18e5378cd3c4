"""draft_export() finishes where export() stopped, but it only recorded the branch the example took."""
import logging

import torch
from torch.export import draft_export

logging.getLogger("torch.export._draft_export").setLevel(logging.ERROR)   # its report banner
torch._logging.set_logs(dynamic=logging.ERROR)


class Gate(torch.nn.Module):
    def forward(self, x):
        if x.sum() > 0:
            return x.sin()
        return x.cos()


ep = draft_export(Gate(), (torch.tensor([1.0, 2.0, 3.0]),))
print("sin or cos in the graph:",
      [str(n.target) for n in ep.graph.nodes if str(n.target) in ("aten.sin.default", "aten.cos.default")])
try:
    ep.module()(torch.tensor([-1.0, -2.0, -3.0]))
except RuntimeError as error:
    print(f"negative input: {type(error).__name__}: {str(error).splitlines()[0]}")
    message = str(error)
assert message.startswith("Runtime assertion failed")
