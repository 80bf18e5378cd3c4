# snippet: raises=UserWarning
"""Reading .grad of a non-leaf warns (turned into an error here); backward did not store it."""
import warnings

import torch

warnings.simplefilter("error")                    # make the warning raise, to show its text
x = torch.tensor([1.0, 2.0], requires_grad=True)
h = x * 3                                         # an intermediate result: not a leaf
(h ** 2).sum().backward()
print(h.grad)
