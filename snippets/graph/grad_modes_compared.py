"""The same multiplication under each grad mode: what gets recorded, and what else changes."""
import threading

import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)


# --8<-- [start:modes]
def report(mode):
    y = w * 2
    try:
        version = y._version
    except RuntimeError:                       # inference tensors have no version counter
        version = "-"
    grad_fn = type(y.grad_fn).__name__ if y.grad_fn else "None"
    print(f"{mode:<32} {torch.is_grad_enabled()!s:<8} {y.requires_grad!s:<14} {grad_fn:<13} "
          f"{y.is_inference()!s:<10} {version}")
    return y


print(f"{'y = w * 2 under':<32} {'grad on':<8} {'requires_grad':<14} {'grad_fn':<13} "
      f"{'inference':<10} _version")
default = report("default (grad mode)")
with torch.no_grad():
    in_no_grad = report("torch.no_grad()")
    with torch.enable_grad():
        re_enabled = report("  enable_grad() inside no_grad()")
with torch.set_grad_enabled(False):
    flag_off = report("torch.set_grad_enabled(False)")
with torch.inference_mode():
    in_inference = report("torch.inference_mode()")
# --8<-- [end:modes]

assert default.grad_fn is not None and re_enabled.grad_fn is not None
assert in_no_grad.grad_fn is None and flag_off.grad_fn is None and in_inference.grad_fn is None
assert in_inference.is_inference() and not in_no_grad.is_inference()


# --8<-- [start:decorator]
@torch.no_grad()
def evaluate(x):
    return w * x


print("decorated function:", evaluate(torch.ones(2)).requires_grad)
# --8<-- [end:decorator]

# --8<-- [start:thread]
seen = []
with torch.no_grad():
    worker = threading.Thread(target=lambda: seen.append(torch.is_grad_enabled()))
    worker.start()
    worker.join()
print("inside no_grad, a new thread has grad enabled:", seen[0])
# --8<-- [end:thread]
assert seen == [True]
