# snippet: raises=RuntimeError
"""Calling .backward() on a tensor inside a function that torch.func.grad transforms raises."""
import torch
from torch.func import grad


def loss_and_step(w):
    loss = (w**2).sum()
    loss.backward()                                 # the tape API, inside the transform
    return loss


grad(loss_and_step)(torch.tensor([1.0, 2.0]))
