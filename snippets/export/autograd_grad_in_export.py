"""A forward that calls torch.autograd.grad: non-strict export traces a parameter-free one; strict export refuses; a network still fails."""
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

# --8<-- [start:network]
class PINN(torch.nn.Module):
    """Returns dy/dx of a small network: the gradient goes through its parameters."""

    def __init__(self):
        super().__init__()
        self.net = torch.nn.Sequential(torch.nn.Linear(1, 8), torch.nn.Tanh(), torch.nn.Linear(8, 1))

    def forward(self, x):
        x = x.detach().requires_grad_(True)
        (dy_dx,) = torch.autograd.grad(self.net(x).sum(), x, create_graph=True)
        return dy_dx


try:
    torch.export.export(PINN(), (torch.randn(4, 1),), strict=False)
    network_error = None
except RuntimeError as error:
    network_error = str(error).split(". ")[0]
print("non-strict export of a network's dy/dx:", network_error)
# --8<-- [end:network]
assert network_error == "We found a fake tensor in the exported program constant's list"
