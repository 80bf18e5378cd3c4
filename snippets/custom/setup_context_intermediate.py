"""setup_context runs with grad mode off too: an intermediate computed there breaks double backward."""
import torch
from torch.autograd import gradgradcheck

grad_mode_seen = []


# --8<-- [start:function]
class CubeFromIntermediate(torch.autograd.Function):
    @staticmethod
    def forward(x):
        return x ** 3

    @staticmethod
    def setup_context(ctx, inputs, output):
        (x,) = inputs
        grad_mode_seen.append(torch.is_grad_enabled())
        ctx.save_for_backward(x ** 2)        # an intermediate, computed without recording

    @staticmethod
    def backward(ctx, grad_y):
        (x_squared,) = ctx.saved_tensors
        return 3 * x_squared * grad_y


class CubeFromInput(CubeFromIntermediate):
    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])     # the input itself

    @staticmethod
    def backward(ctx, grad_y):
        (x,) = ctx.saved_tensors
        return 3 * x ** 2 * grad_y           # recomputed in backward, where it is recorded
# --8<-- [end:function]


for fn in (CubeFromIntermediate, CubeFromInput):
    x = torch.tensor([3.0], dtype=torch.float64, requires_grad=True)
    (first,) = torch.autograd.grad(fn.apply(x), x, create_graph=True)
    ok = gradgradcheck(fn.apply, (x,), raise_exception=False)
    print(f"{fn.__name__:<21} dy/dx = {first.item():.1f}  recorded: {first.requires_grad!s:<5}  "
          f"gradgradcheck: {ok}")
    if fn is CubeFromIntermediate:
        assert not first.requires_grad and not ok
    else:
        second = torch.autograd.grad(first, x)[0]
        assert first.requires_grad and ok and second.item() == 18.0
print("grad mode inside setup_context:", grad_mode_seen[0])
assert grad_mode_seen and not any(grad_mode_seen)
