# snippet: raises=RuntimeError
"""autograd.grad is asked for a tensor the loss was not computed from: .item() cut the path."""
import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
temperature = torch.tensor(3.0, requires_grad=True)

loss = (w * temperature.item()).sum()    # .item() turns the tensor into a Python float
torch.autograd.grad(loss, [w, temperature])
