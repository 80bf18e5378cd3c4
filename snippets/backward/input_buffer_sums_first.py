"""The real engine sums both branches' gradients for h before h's node runs: h's hook fires once."""
import torch

x = torch.tensor([0.5, 1.0], requires_grad=True)
h = x * 2
out = (h.sin() + h.exp()).sum()  # h feeds two branches

seen = []
h.register_hook(lambda grad: seen.append(grad.clone()))  # runs on h's input buffer
out.backward()

from_sin, from_exp = h.cos().detach(), h.exp().detach()  # each branch's contribution to h
print("hook calls:         ", len(seen))
print("gradient it saw:    ", seen[0])
print("sin branch alone:   ", from_sin)
print("exp branch alone:   ", from_exp)
assert len(seen) == 1 and torch.allclose(seen[0], from_sin + from_exp)
assert torch.allclose(x.grad, 2 * (from_sin + from_exp))
