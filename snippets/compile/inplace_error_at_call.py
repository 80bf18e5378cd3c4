# snippet: raises=torch._dynamo.exc.BackendCompilerFailed
"""An in-place change to a saved tensor: eager fails in backward, compiled fails in the call."""
import warnings

import torch

warnings.filterwarnings("ignore", message="Error detected in")  # a traceback with install paths


def f(x):
    y = x.sigmoid()                      # sigmoid saves its result
    y.mul_(2)                            # and it is changed in place
    return y.sum()


x = torch.randn(3, requires_grad=True)
loss = f(x)
print("eager: the forward runs; the error waits for backward")
try:
    loss.backward()
except RuntimeError as error:
    print("eager backward: RuntimeError:", str(error).split(":")[0])
print("compiled: the call itself traces the backward ahead of time")
torch.compile(f, backend="aot_eager")(x)
