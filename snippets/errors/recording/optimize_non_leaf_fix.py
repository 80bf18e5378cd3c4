"""Scale first, then ask for gradients: the parameter is a leaf and training moves it."""
import torch

torch.manual_seed(0)
target = torch.tensor([1.0, -2.0, 0.5])
w = (torch.randn(3) * 0.01).requires_grad_()      # a leaf that requires grad
opt = torch.optim.SGD([w], lr=0.1)
print("w.is_leaf:", w.is_leaf, " w.grad_fn:", w.grad_fn)

for _step in range(50):
    opt.zero_grad()
    loss = ((w - target) ** 2).sum()
    loss.backward()
    opt.step()
print(f"after 50 steps: w = {w.detach().numpy().round(3)}, loss = {loss.item():.5f}")
assert w.is_leaf and torch.allclose(w.detach(), target, atol=1e-3)
