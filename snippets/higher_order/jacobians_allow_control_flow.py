"""jacrev, jacfwd and hessian vmap over basis vectors, not over your inputs: Python control flow
and .item() work inside them; only a vmap over the inputs (vmap(grad(f)) included) refuses."""
import torch
from torch.func import grad, hessian, jacfwd, jacrev, vmap

x = torch.tensor([1.0, 2.0])


def double_if_positive(x):
    if x.sum() > 0:                       # one bool: x here is the real, unbatched input
        return x * 2
    return x


def sum_cubed_if_positive(x):
    if x.sum() > 0:
        return (x ** 3).sum()
    return x.sum()


def scale_by_sum(x):
    return x * x.sum().item()             # a Python float: runs, but carries no gradient


results = {
    "jacrev(double_if_positive)": jacrev(double_if_positive)(x),
    "jacfwd(double_if_positive)": jacfwd(double_if_positive)(x),
    "jacfwd(scale_by_sum)": jacfwd(scale_by_sum)(x),
    "grad(sum_cubed_if_positive)": grad(sum_cubed_if_positive)(x),
    "hessian(sum_cubed_if_positive)": hessian(sum_cubed_if_positive)(x),
}
for name, value in results.items():
    print(f"{name:31} {value.tolist()}")

assert torch.equal(results["jacrev(double_if_positive)"], 2 * torch.eye(2))
assert torch.equal(results["jacfwd(double_if_positive)"], 2 * torch.eye(2))
# .item() made x.sum() a constant 3.0: the Jacobian is 3 * I, not 3 * I + x 1^T
assert torch.equal(results["jacfwd(scale_by_sum)"], 3 * torch.eye(2))
assert torch.equal(results["hessian(sum_cubed_if_positive)"], torch.diag(6 * x))

xs = torch.stack([x, -x])                 # a batch of two inputs
try:
    vmap(grad(sum_cubed_if_positive))(xs)
except RuntimeError as error:
    print("vmap(grad(sum_cubed_if_positive)):", str(error).split(". ")[0])
else:
    raise AssertionError("vmap over the inputs should refuse the if")
