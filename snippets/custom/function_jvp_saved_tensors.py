"""A custom Function's jvp sees only what forward saved with save_for_forward, not save_for_backward."""
import torch
import torch.autograd.forward_ad as fwAD
from torch.func import grad, hessian

x = torch.tensor([1.0, 2.0])


def make_cube(save_for_forward):
    class Cube(torch.autograd.Function):
        generate_vmap_rule = True                    # torch.func.hessian vmaps over it

        @staticmethod
        def forward(x):
            return x**3

        @staticmethod
        def setup_context(ctx, inputs, output):      # torch.func needs forward and setup_context apart
            (x,) = inputs
            ctx.save_for_backward(x)
            if save_for_forward:
                ctx.save_for_forward(x)

        @staticmethod
        def backward(ctx, grad):
            (x,) = ctx.saved_tensors
            return grad * 3 * x**2

        @staticmethod
        def jvp(ctx, tangent):
            saved = ctx.saved_tensors
            print(f"  jvp sees {len(saved)} saved tensor(s)")
            return tangent * 3 * saved[0] ** 2

    return Cube


# --8<-- [start:jvp]
for save_for_forward in [False, True]:
    print(f"save_for_forward={save_for_forward}:")
    Cube = make_cube(save_for_forward)
    with fwAD.dual_level():
        dual = fwAD.make_dual(x, torch.ones(2))
        try:
            print("  tangent:", fwAD.unpack_dual(Cube.apply(dual)).tangent.tolist())
        except IndexError as error:
            print("  IndexError:", error)
# --8<-- [end:jvp]

# --8<-- [start:func]
Cube = make_cube(save_for_forward=False)
print("torch.func.grad, backward only:", grad(lambda v: Cube.apply(v).sum())(x).tolist())
try:
    hessian(lambda v: Cube.apply(v).sum())(x)
except IndexError as error:
    print("torch.func.hessian without save_for_forward: IndexError:", error)
H = hessian(lambda v: make_cube(save_for_forward=True).apply(v).sum())(x)
print("torch.func.hessian with it: equals diag(6x):", torch.allclose(H, torch.diag(6 * x)))
# --8<-- [end:func]
assert torch.allclose(H, torch.diag(6 * x))
