"""Ask for the gradient with respect to the float embeddings the ids select."""
import torch
from torch import nn

try:                                              # the method form words the check differently
    torch.tensor([2, 0, 1]).requires_grad_()
except RuntimeError as error:
    print("ids.requires_grad_() -> RuntimeError:", error)

torch.manual_seed(0)
emb = nn.Embedding(5, 4)
readout = torch.randn(4)
ids = torch.tensor([2, 0, 1])                     # integers, no requires_grad

vectors = emb(ids)                                # float, a non-leaf that requires grad
loss = (vectors @ readout).sum()
(grad,) = torch.autograd.grad(loss, vectors)
print("gradient per token, shape", tuple(grad.shape))
print(grad)
assert torch.allclose(grad, readout.expand(3, 4))  # d/d(vector) of vector @ readout
