"""Saved-tensor hooks must give back each tensor as it was packed: an unpack that assumes one dtype breaks other ops."""
import torch
from torch import nn

torch.manual_seed(0)
embedding = nn.Embedding(10, 4)              # its backward needs the saved int64 indices
ids = torch.tensor([1, 3, 3])
# float64 stands for "another device" here: the point is what unpack gives back


# --8<-- [start:naive]
def pack(t):
    return t.to(torch.float64)               # "offload"


def unpack_naive(t):
    return t.to(torch.float32)               # assumes every saved tensor was float32


with torch.autograd.graph.saved_tensors_hooks(pack, unpack_naive):
    loss = embedding(ids).sum()
try:
    loss.backward()
except RuntimeError as error:
    print("naive unpack: RuntimeError:", str(error).splitlines()[0])
# --8<-- [end:naive]

# --8<-- [start:correct]
def pack_with_dtype(t):
    return t.dtype, t.to(torch.float64)      # remember what it was


def unpack_restore(packed):
    dtype, t = packed
    return t.to(dtype)                       # give back exactly that


embedding.zero_grad()
with torch.autograd.graph.saved_tensors_hooks(pack_with_dtype, unpack_restore):
    loss = embedding(ids).sum()
loss.backward()
print("restoring unpack: rows with gradient:", embedding.weight.grad.any(dim=1).nonzero().flatten().tolist())
# --8<-- [end:correct]
