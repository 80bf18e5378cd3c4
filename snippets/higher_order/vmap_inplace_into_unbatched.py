"""Under vmap, writing a batched value into a tensor created inside the function (unbatched) raises."""
import torch
from torch.func import vmap

vecs = torch.tensor([[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]])


# --8<-- [start:fails]
def diag_embed(vec):
    result = torch.zeros(3, 3)                  # a plain tensor: not batched
    result.diagonal().copy_(vec)                # vec is batched: 2 x 3 values into 3 slots
    return result


try:
    vmap(diag_embed)(vecs)
except RuntimeError as error:
    print("copy_ into torch.zeros:", error)
# --8<-- [end:fails]


def accumulate(vec):
    total = torch.zeros(3)
    total.add_(vec)                             # the same mistake, reported as broadcasting
    return total


try:
    vmap(accumulate)(vecs)
except RuntimeError as error:
    print("\nadd_ into torch.zeros:", error)


# --8<-- [start:fix]
def diag_embed_fixed(vec):
    result = vec.new_zeros(3, 3)                # created from vec: batched like vec
    result.diagonal().copy_(vec)
    return result


print("\nwith new_zeros:")
print(vmap(diag_embed_fixed)(vecs))
# --8<-- [end:fix]
assert torch.equal(vmap(diag_embed_fixed)(vecs), torch.diag_embed(vecs))
