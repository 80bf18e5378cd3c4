# snippet: raises=RuntimeError
"""PyTorch: requires_grad decides what is recorded; the first backward frees what it used."""
import torch


def f(x, w):
    return (w * x**3).sum()


def show(label, grads):
    print(f"{label:<32}", [None if g is None else g.tolist() for g in grads])


# --8<-- [start:watch]
x = torch.tensor([1.0, 2.0, 3.0])                   # requires_grad=False: not followed
w = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)  # a parameter: followed
f(x, w).backward()
show("x.grad, w.grad", [x.grad, w.grad])

x.requires_grad_(True)                              # the counterpart of tape.watch(x)
y = f(x, w)
(gx,) = torch.autograd.grad(y, x, retain_graph=True)
show("requires_grad_(): d/dx", [gx])
# --8<-- [end:watch]

# --8<-- [start:persistent]
(gw,) = torch.autograd.grad(y, w, retain_graph=True)   # retain_graph: like persistent=True
show("retain_graph, 2nd: d/dw", [gw])
(gw,) = torch.autograd.grad(y, w)                   # the default frees the saved tensors
show("default, 3rd: d/dw", [gw])
torch.autograd.grad(y, w)                           # one more request
# --8<-- [end:persistent]
