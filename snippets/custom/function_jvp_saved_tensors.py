"""A custom Function's jvp sees only what forward saved with save_for_forward, not save_for_backward."""
import torch
import torch.autograd.forward_ad as fwAD

x = torch.tensor([1.0, 2.0])


def make_cube(save_for_forward):
    class Cube(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            if save_for_forward:
                ctx.save_for_forward(x)
            return x**3

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
