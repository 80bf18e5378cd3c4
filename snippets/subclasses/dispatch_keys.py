"""A tensor carries a backend key and an autograd key; the autograd kernel records the node, then redispatches."""
import torch

torch.manual_seed(0)
t = torch.randn(2, requires_grad=True)

# --8<-- [start:keys]
print("dispatch keys of a CPU tensor:", torch._C._dispatch_keys(t))
print("t * 2 with every key:          grad_fn =", type((t * 2).grad_fn).__name__)
without = torch._C.DispatchKeySet(torch._C.DispatchKey.AutogradCPU)
with torch._C._ExcludeDispatchKeyGuard(without):          # skip the autograd kernel
    y = t * 2
print("t * 2 with AutogradCPU skipped: grad_fn =", y.grad_fn, " value", y.tolist() == (t * 2).tolist())
# --8<-- [end:keys]
assert y.grad_fn is None and y.requires_grad is False

# --8<-- [start:inference]
with torch.inference_mode():
    frozen = torch.randn(2)
print("dispatch keys of an inference tensor:", torch._C._dispatch_keys(frozen))
# --8<-- [end:inference]
assert "AutogradCPU" not in str(torch._C._dispatch_keys(frozen))
