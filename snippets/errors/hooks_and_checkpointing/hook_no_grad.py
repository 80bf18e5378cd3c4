# snippet: raises=RuntimeError
"""A frozen parameter never receives a gradient, so a gradient hook cannot be registered on it."""
import torch

torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(3, 3), torch.nn.Linear(3, 1))
model[0].requires_grad_(False)                     # backbone frozen for fine-tuning
for name, p in model.named_parameters():           # gradient monitoring on every parameter
    p.register_hook(lambda grad, name=name: print(name, f"{grad.norm().item():.4f}"))
