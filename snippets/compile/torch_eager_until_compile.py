"""PyTorch runs op by op; torch.compile splits around Python it cannot capture, fullgraph refuses."""
import torch


# --8<-- [start:define]
def loss(x):
    print("  Python sees x =", x)
    if x.sum() > 0:                    # a Python branch on a value
        return (x ** 2).sum()
    return (-x).sum()
# --8<-- [end:define]


x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
# --8<-- [start:run]
print("plain call (each op runs now, autograd records it):")
y = loss(x)
print("  ->", y)
print("torch.compile (graph breaks at print and at the if; Python runs them):")
y_compiled = torch.compile(loss, backend="eager")(x)
print("  ->", y_compiled)
torch._dynamo.reset()
print("torch.compile(fullgraph=True) (one graph or an error):")
try:
    torch.compile(loss, backend="eager", fullgraph=True)(x)
except torch._dynamo.exc.Unsupported as error:
    print("  ->", type(error).__name__ + ":", str(error).splitlines()[0])
# --8<-- [end:run]
assert y.item() == y_compiled.item() == 14.0
