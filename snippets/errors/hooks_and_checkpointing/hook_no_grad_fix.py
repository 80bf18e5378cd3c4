"""Register hooks only where a gradient will flow; the frozen layer stays frozen."""
import torch

torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(3, 3), torch.nn.Linear(3, 1))
model[0].requires_grad_(False)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
frozen = model[0].weight.detach().clone()

seen = []
for name, p in model.named_parameters():
    if p.requires_grad:                            # frozen parameters have nothing to report
        p.register_hook(lambda grad, name=name: seen.append(name))

model(torch.randn(4, 3)).pow(2).mean().backward()
opt.step()
print("hooks fired for:", sorted(seen))
print("frozen layer unchanged:", torch.equal(model[0].weight, frozen))
assert sorted(seen) == ["1.bias", "1.weight"] and torch.equal(model[0].weight, frozen)
