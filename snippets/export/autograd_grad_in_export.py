"""A forward that calls torch.autograd.grad: non-strict export traces through it; strict export refuses."""
import torch


class InputGradient(torch.nn.Module):
    """Returns d/dx of sum(x**3), computed with autograd inside forward."""

    def forward(self, x):
        x = x.detach().requires_grad_(True)
        (grad,) = torch.autograd.grad((x**3).sum(), x, create_graph=True)
        return grad


torch.manual_seed(0)
x = torch.randn(3)
model = InputGradient()
# --8<-- [start:export]
program = torch.export.export(model, (x,), strict=False)
print("non-strict export: matches eager:", torch.allclose(program.module()(x), model(x)))
print("ops in the exported graph:",
      sorted({n.target.__name__ for n in program.graph.nodes if n.op == "call_function"}))
try:
    torch.export.export(model, (x,), strict=True)
except Exception as error:
    print("strict export:", type(error).__name__ + ":", str(error).splitlines()[0])
# --8<-- [end:export]
assert torch.allclose(program.module()(x), 3 * x**2)
