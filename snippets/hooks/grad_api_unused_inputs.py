"""autograd.grad with inputs the output does not use: allow_unused, materialize_grads, and inputs without grad."""
import torch

torch.manual_seed(0)
a = torch.randn(2, requires_grad=True)
unused = torch.randn(2, requires_grad=True)
constant = torch.randn(2)                       # requires_grad=False
loss = (a * a).sum()

# --8<-- [start:unused]
(g_a, g_unused) = torch.autograd.grad(loss, [a, unused], allow_unused=True, retain_graph=True)
print("allow_unused=True:                  gradient of unused =", g_unused)
(_, g_unused) = torch.autograd.grad(loss, [a, unused], allow_unused=True,
                                    materialize_grads=True, retain_graph=True)
print("  + materialize_grads=True:         ", g_unused, " requires_grad", g_unused.requires_grad)
(_, g_unused) = torch.autograd.grad(loss, [a, unused], allow_unused=True, materialize_grads=True,
                                    create_graph=True, retain_graph=True)
print("  + create_graph=True:               requires_grad", g_unused.requires_grad,
      " grad_fn", g_unused.grad_fn)
# --8<-- [end:unused]

# --8<-- [start:constant]
try:
    torch.autograd.grad(loss, [a, constant], allow_unused=True, retain_graph=True)
except RuntimeError as error:
    print("an input that does not require grad: RuntimeError:", error)
inputs = [t for t in [a, constant] if t.requires_grad]   # ask only for what can have one
print("filtered inputs:", len(torch.autograd.grad(loss, inputs)), "gradient")
# --8<-- [end:constant]
