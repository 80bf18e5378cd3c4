"""inputs= as a dict, and what allow_unused and materialize_grads do for an input the output does not use."""
import torch

torch.manual_seed(0)
model = torch.nn.Linear(2, 1)
x = torch.ones(1, 2)

# --8<-- [start:dict]
model(x).sum().backward(inputs=dict(model.named_parameters()))   # the dict's values are used
print("backward(inputs=dict): .grad set on", [n for n, p in model.named_parameters()
                                              if p.grad is not None])
grads = torch.autograd.grad(model(x).sum(), dict(model.named_parameters()))
print("autograd.grad(dict) returns a", type(grads).__name__, "with keys", list(grads))
# --8<-- [end:dict]
assert all(p.grad is not None for p in model.parameters())
assert isinstance(grads, dict) and list(grads) == ["weight", "bias"]

# --8<-- [start:unused]
a = torch.tensor(1.0, requires_grad=True)
b = torch.tensor(2.0, requires_grad=True)          # not used by the output
try:
    torch.autograd.grad(a * 3, [a, b])
except RuntimeError as error:
    print("default:                RuntimeError:", str(error).split(".")[0])
print("allow_unused=True:     ", torch.autograd.grad(a * 3, [a, b], allow_unused=True))
print("materialize_grads=True:", torch.autograd.grad(a * 3, [a, b], materialize_grads=True))
# --8<-- [end:unused]
assert torch.autograd.grad(a * 3, [a, b], allow_unused=True)[1] is None
assert torch.equal(torch.autograd.grad(a * 3, [a, b], materialize_grads=True)[1], torch.tensor(0.0))
