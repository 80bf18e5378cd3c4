# snippet: raises=UserWarning
"""backward(create_graph=True) stores a gradient that has a graph back to its own parameter."""
import warnings

import torch

warnings.simplefilter("error")            # turn the warning into an exception to show it
w = torch.nn.Parameter(torch.tensor([1.0, 2.0]))
loss = (w ** 3).sum()
loss.backward(create_graph=True)          # w.grad = 3 w^2, with a grad_fn that leads back to w
