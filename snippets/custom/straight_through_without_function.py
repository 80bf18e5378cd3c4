"""A custom gradient without a Function: the detach trick gives round() a gradient of 1."""
import torch

x = torch.tensor([0.2, 0.7, 1.4, 2.6], requires_grad=True)

# --8<-- [start:ste]
def round_ste(x):
    # forward value: x + (round(x) - x) = round(x)
    # backward: the detached part is a constant, so d/dx = 1
    return x + (x.round() - x).detach()
# --8<-- [end:ste]

plain = x.round()
(g_plain,) = torch.autograd.grad(plain.sum(), x)
ste = round_ste(x)
(g_ste,) = torch.autograd.grad(ste.sum(), x)

print("round(x):            ", plain.detach(), " grad:", g_plain)
print("round_ste(x):        ", ste.detach(), " grad:", g_ste)
print("round_ste grad_fn:   ", type(ste.grad_fn).__name__)
assert torch.equal(plain, ste) and torch.equal(g_plain, torch.zeros(4))
assert torch.equal(g_ste, torch.ones(4))
