# snippet: raises=RuntimeError
"""Under set_stance("fail_on_recompile") a call that needs a new graph raises instead of compiling."""
import torch


def total(x):
    return (x * 2).sum()


compiled = torch.compile(total, backend="eager")
compiled(torch.ones(2))                          # warm-up, compiled for size 2
with torch.compiler.set_stance("fail_on_recompile"):
    compiled(torch.ones(3))                      # size 3 would need a recompile
