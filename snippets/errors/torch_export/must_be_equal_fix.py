"""One Dim object for both inputs states the relation; export then succeeds and checks it at run time."""
import torch
from torch.export import Dim, export


class AddPair(torch.nn.Module):
    def forward(self, x, y):
        return x + y


n = Dim("n")
ep = export(AddPair(), (torch.randn(4), torch.randn(4)), dynamic_shapes={"x": {0: n}, "y": {0: n}})
print("range constraints:", ep.range_constraints)
x, y = torch.randn(6), torch.randn(6)
assert torch.equal(ep.module()(x, y), x + y)
print("n = 6: equals eager")
try:
    ep.module()(torch.randn(6), torch.randn(5))
except AssertionError as error:
    print(f"lengths 6 and 5: {type(error).__name__}: {error}")
    message = str(error)
assert message.startswith("Guard failed")
