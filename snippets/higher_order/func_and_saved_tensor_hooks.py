"""torch.func and activation checkpointing: grad/vjp/jacrev/hessian refuse saved-tensor hooks and reentrant checkpoint; vmap, jvp, jacfwd run it."""
import torch
from torch.func import grad, jacfwd, jvp, vmap
from torch.utils.checkpoint import checkpoint

x = torch.randn(3)


def block(z):
    return z.sin() * 2


# --8<-- [start:refused]
for name, use_reentrant in [("checkpoint(use_reentrant=False)", False),
                            ("checkpoint(use_reentrant=True)", True)]:
    try:
        grad(lambda x, r=use_reentrant: checkpoint(block, x, use_reentrant=r).sum())(x)
    except RuntimeError as error:
        print(f"grad over {name}: RuntimeError:", str(error).split(". ")[0])
print("grad without checkpointing:", torch.allclose(grad(lambda x: block(x).sum())(x), 2 * x.cos()))
# --8<-- [end:refused]

# --8<-- [start:forward]
def ckpt(v):
    return checkpoint(block, v, use_reentrant=False)


batch = torch.randn(4, 3)
results = {
    "vmap": torch.allclose(vmap(ckpt)(batch), block(batch)),
    "jvp": torch.allclose(jvp(ckpt, (x,), (torch.ones(3),))[1], 2 * x.cos()),
    "jacfwd": torch.allclose(jacfwd(ckpt)(x), torch.diag(2 * x.cos())),
}
print("over checkpoint(use_reentrant=False), right values from:", results)
# --8<-- [end:forward]
assert all(results.values())

# --8<-- [start:tape]
J = torch.autograd.functional.jacobian(lambda x: checkpoint(block, x, use_reentrant=False), x)
print("tape-based jacobian over the checkpointed block equals diag(2 cos x):",
      torch.allclose(J, torch.diag(2 * x.cos())))
# --8<-- [end:tape]
