"""What each torch.func transform looks like from inside the function: a tape, a tangent, or a batch."""
import torch
import torch.autograd.forward_ad as fwAD
from torch.func import grad, jacfwd, jacrev, jvp, vmap

seen = {}


# --8<-- [start:probe]
def probe(name):
    def f(x):
        y = x.sin().sum()
        seen[name] = {
            "records a grad_fn": y.grad_fn is not None,             # reverse mode: a tape
            "carries a tangent": fwAD.unpack_dual(y).tangent is not None,  # forward mode: duals
            "x.shape inside": tuple(x.shape),                      # vmap: one example at a time
        }
        return y
    return f


x = torch.tensor([0.5, 1.0])
grad(probe("grad"))(x)
jacrev(probe("jacrev"))(x)
jvp(probe("jvp"), (x,), (torch.ones(2),))
jacfwd(probe("jacfwd"))(x)
vmap(probe("vmap"))(torch.ones(5, 2))
# --8<-- [end:probe]

print(f"{'transform':<10}{'records a grad_fn':<20}{'carries a tangent':<20}x.shape inside")
for name, facts in seen.items():
    print(f"{name:<10}{facts['records a grad_fn']!s:<20}{facts['carries a tangent']!s:<20}"
          f"{facts['x.shape inside']}")

assert seen["grad"]["records a grad_fn"] and seen["jacrev"]["records a grad_fn"]
for name in ("grad", "jacrev"):
    assert not seen[name]["carries a tangent"]
for name in ("jvp", "jacfwd"):
    assert seen[name]["carries a tangent"] and not seen[name]["records a grad_fn"]
assert seen["vmap"] == {"records a grad_fn": False, "carries a tangent": False, "x.shape inside": (2,)}
