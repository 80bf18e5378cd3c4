"""requires_grad_(True) to make the hook registrable unfreezes the layer: the optimizer now trains it."""
import torch

torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(3, 3), torch.nn.Linear(3, 1))
model[0].requires_grad_(False)
opt = torch.optim.SGD(model.parameters(), lr=0.1)  # built over all parameters, as usual
frozen = model[0].weight.detach().clone()

for _name, p in model.named_parameters():
    p.requires_grad_(True)                         # "so that register_hook works"
    p.register_hook(lambda grad: None)

model(torch.randn(4, 3)).pow(2).mean().backward()
opt.step()
moved = (model[0].weight - frozen).abs().max().item()
print(f"the 'frozen' layer moved by up to {moved:.4f}")
assert moved > 0
