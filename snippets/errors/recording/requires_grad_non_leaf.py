# snippet: raises=RuntimeError
"""An adversarial step makes the image a computed tensor; its requires_grad flag can no longer be set."""
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 2)
image = torch.rand(1, 4, requires_grad=True)
loss = model(image).sum()
loss.backward()
image = image + 0.1 * image.grad.sign()           # recorded: image is now a non-leaf
image.requires_grad = True                        # for the next iteration
