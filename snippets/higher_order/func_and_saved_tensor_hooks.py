"""torch.func transforms and activation checkpointing: saved-tensor hooks are refused; reentrant checkpoint too."""
import torch
from torch.func import grad
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

# --8<-- [start:tape]
J = torch.autograd.functional.jacobian(lambda x: checkpoint(block, x, use_reentrant=False), x)
print("tape-based jacobian over the checkpointed block equals diag(2 cos x):",
      torch.allclose(J, torch.diag(2 * x.cos())))
# --8<-- [end:tape]
