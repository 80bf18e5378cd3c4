"""A ReLU network is piecewise linear in its input: its second derivative is 0 almost everywhere."""
import torch
from torch import nn

x = torch.linspace(-1, 1, 5).unsqueeze(1).requires_grad_()

# --8<-- [start:second]
for name, activation in [("ReLU", nn.ReLU()), ("Softplus", nn.Softplus(beta=5)), ("Tanh", nn.Tanh()),
                         ("SiLU", nn.SiLU()), ("GELU", nn.GELU())]:
    torch.manual_seed(0)
    net = nn.Sequential(nn.Linear(1, 32), activation, nn.Linear(32, 32), activation, nn.Linear(32, 1))
    y = net(x)
    (dy,) = torch.autograd.grad(y.sum(), x, create_graph=True)
    (d2y,) = torch.autograd.grad(dy.sum(), x)
    print(f"{name:<8} dy/dx = {[round(v, 3) for v in dy.flatten().tolist()]}")
    print(f"{'':<8} d2y/dx2 = {[round(v, 3) + 0.0 for v in d2y.flatten().tolist()]}")
# --8<-- [end:second]
    assert (d2y == 0).all() == (name == "ReLU")
