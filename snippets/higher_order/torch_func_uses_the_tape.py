"""Inside torch.func.grad the function runs on the tape: its ops are recorded and differentiated."""
import torch
from torch.func import grad

w = torch.tensor([2.0, 3.0], requires_grad=True)    # a parameter of the outer, ordinary tape
x = torch.tensor([0.5, 1.0])                         # requires_grad=False out here
inside = {}


# --8<-- [start:inside]
def f(x):
    y = (w * x).sin().sum()
    inside["x.requires_grad"] = x.requires_grad      # grad() wrapped x so that it is tracked
    inside["y.grad_fn"] = type(y.grad_fn).__name__   # ... and the ops were recorded
    return y


g = grad(f)(x)                                       # df/dx = w * cos(w * x)
# --8<-- [end:inside]
for key, value in inside.items():
    print(f"inside f:  {key} = {value}")
print(f"outside:   x.requires_grad = {x.requires_grad}, x.grad = {x.grad}")
print("g =", [round(t, 4) for t in g.tolist()], " g.grad_fn:", type(g.grad_fn).__name__)

# --8<-- [start:outer]
g.sum().backward()                                   # the outer tape differentiates through grad
expected = (w * x).cos() - w * x * (w * x).sin()     # d/dw of w * cos(w * x)
print("w.grad =", [round(t, 4) for t in w.grad.tolist()],
      " expected:", [round(t, 4) for t in expected.tolist()])
# --8<-- [end:outer]
assert inside == {"x.requires_grad": True, "y.grad_fn": "SumBackward0"}
assert not x.requires_grad and x.grad is None and torch.allclose(w.grad, expected.detach())
