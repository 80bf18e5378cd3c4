"""Inside torch.func.grad: .backward() raises, .grad is not the outer .grad, and .item() cuts the gradient."""
import torch
from torch.func import grad

x = torch.tensor([1.0, 2.0])


# --8<-- [start:backward]
def loss_with_backward(x):
    loss = (x ** 3).sum()
    loss.backward()                             # the tape API, inside a transform
    return loss


try:
    grad(loss_with_backward)(x)
except RuntimeError as error:
    print("backward() inside grad:", error)
# --8<-- [end:backward]

# --8<-- [start:dotgrad]
w = torch.tensor([1.0, 2.0], requires_grad=True)
(w ** 2).sum().backward()                       # w.grad is now [2, 4]
seen = {}


def loss_reading_grad(w):
    seen["w.grad inside"] = w.grad              # w here is the transform's wrapper of w
    return (w ** 3).sum()


g = grad(loss_reading_grad)(w)
print("\nw.grad outside:", w.grad.tolist(), "| w.grad inside:", seen["w.grad inside"],
      "| grad returned:", g.detach().tolist(), "| w.grad after:", w.grad.tolist())
# --8<-- [end:dotgrad]
assert seen["w.grad inside"] is None and w.grad.tolist() == [2.0, 4.0]

# --8<-- [start:item]
def f(x):                                       # (sum x) * (sum x^2)
    return x.sum().item() * (x ** 2).sum()      # .item() leaves the transform: a constant


def f_fixed(x):
    return x.sum() * (x ** 2).sum()


print("\nwith .item():", grad(f)(x).tolist(), "| without:", grad(f_fixed)(x).tolist())
# --8<-- [end:item]
assert grad(f)(x).tolist() == [6.0, 12.0] and grad(f_fixed)(x).tolist() == [11.0, 17.0]

# --8<-- [start:autograd_grad]
def derivative_sum(x):                          # torch.autograd.grad inside grad: supported here
    (d,) = torch.autograd.grad((x ** 3).sum(), x, create_graph=True)
    return d.sum()                              # sum of 3x^2; its gradient is 6x


print("\nautograd.grad inside grad:", grad(derivative_sum)(x).tolist())
# --8<-- [end:autograd_grad]
assert grad(derivative_sum)(x).tolist() == [6.0, 12.0]
