"""A forward that updates a parameter in place under no_grad: exported in both modes, and the update still runs."""
import torch


class RunningScale(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.w = torch.nn.Parameter(torch.ones(3))

    def forward(self, x):
        with torch.no_grad():
            self.w.add_(1)                   # an in-place update of a leaf, not recorded
        return x * self.w


x = torch.ones(3)
# --8<-- [start:export]
for strict in [False, True]:
    model = RunningScale()
    program = torch.export.export(model, (x,), strict=strict)
    exported = program.module()
    out = exported(x)
    print(f"strict={strict!s:5}: exported; one call returns {out.tolist()}, w is now {exported.w.tolist()}")
# --8<-- [end:export]
    assert exported.w.tolist() == [2.0, 2.0, 2.0]
