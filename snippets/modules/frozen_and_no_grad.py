"""requires_grad=False stops gradients at a layer's parameters; no_grad stops the whole path through it."""
import torch
from torch import nn

torch.manual_seed(0)
first = nn.Linear(4, 4)     # model Y, part 1: trained
middle = nn.Linear(4, 4)    # model X: frozen
last = nn.Linear(4, 1)      # model Y, part 2: trained
x = torch.randn(2, 4)

# --8<-- [start:frozen]
middle.requires_grad_(False)
loss = last(middle(first(x))).sum()
loss.backward()
print("frozen middle:   first.weight.grad is None:", first.weight.grad is None,
      "  middle.weight.grad:", middle.weight.grad)
# --8<-- [end:frozen]
assert first.weight.grad is not None and middle.weight.grad is None

# --8<-- [start:no_grad]
first.weight.grad = None
h = first(x)
with torch.no_grad():
    h = middle(h)           # not recorded: the path back to `first` ends here
loss = last(h).sum()
loss.backward()
print("middle in no_grad: first.weight.grad is None:", first.weight.grad is None,
      "  last.weight.grad is None:", last.weight.grad is None)
# --8<-- [end:no_grad]
assert first.weight.grad is None and last.weight.grad is not None

# --8<-- [start:state]
for make in [lambda ps: torch.optim.SGD(ps, lr=0.1, momentum=0.9),
             lambda ps: torch.optim.Adam(ps, lr=0.1),
             lambda ps: torch.optim.Adagrad(ps, lr=0.1)]:
    torch.manual_seed(0)
    trained, frozen = nn.Linear(4, 4), nn.Linear(4, 4).requires_grad_(False)
    optimizer = make([*trained.parameters(), *frozen.parameters()])  # frozen ones given too
    trained(frozen(x)).sum().backward()
    optimizer.step()
    state = sorted(optimizer.state[frozen.weight])
    print(f"{type(optimizer).__name__:<8} state kept for a weight frozen from the start: {state}")
    assert bool(state) == isinstance(optimizer, torch.optim.Adagrad)
# --8<-- [end:state]
