"""vmap runs the function once on the whole batch: Python control flow on a batched value, and .item(), raise."""
import torch
from torch.func import vmap

xs = torch.tensor([[1.0, -2.0], [-3.0, 4.0], [0.5, 0.5]])


# --8<-- [start:fails]
def double_if_positive(x):
    if x.sum() > 0:                    # bool() of a batched tensor: one answer per example
        return x * 2
    return x


def scale_by_sum(x):
    return x * x.sum().item()          # .item() of a batched tensor: three numbers, not one


for f in (double_if_positive, scale_by_sum):
    try:
        vmap(f)(xs)
    except RuntimeError as error:
        print(f"{f.__name__}: {error}\n")
# --8<-- [end:fails]

# --8<-- [start:fix]
def double_if_positive_fixed(x):
    return torch.where(x.sum() > 0, x * 2, x)      # both branches, selected per example


def scale_by_sum_fixed(x):
    return x * x.sum()                             # stay a tensor


print(vmap(double_if_positive_fixed)(xs))
print(vmap(scale_by_sum_fixed)(xs))
# --8<-- [end:fix]
loop = torch.stack([double_if_positive(x) for x in xs])
assert torch.equal(vmap(double_if_positive_fixed)(xs), loop)
assert torch.equal(vmap(scale_by_sum_fixed)(xs), torch.stack([x * x.sum() for x in xs]))
