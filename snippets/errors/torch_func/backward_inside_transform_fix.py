"""Return the loss and let the transform differentiate it; grad_and_value also gives the loss."""
import torch
from torch.func import grad_and_value


def loss_fn(w):
    return (w**2).sum()


w = torch.tensor([1.0, 2.0])
g, loss = grad_and_value(loss_fn)(w)
print("gradient:", g, " loss:", loss)
assert torch.equal(g, 2 * w) and loss == 5
