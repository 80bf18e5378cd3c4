"""The order in which backward hooks really fire: one graph, every kind of hook registered."""
import torch

events = []


def log(what):                                      # record a hook call and what .grad holds
    def state(t):
        return "None" if t.grad is None else t.grad.tolist()
    events.append(f"{what:<34} y.grad={state(y)!s:<13} x.grad={state(x)}")


# --8<-- [start:register]
x = torch.tensor([1.0, 2.0], requires_grad=True)   # a leaf
y = x * 3                                           # a non-leaf; y.grad_fn is MulBackward0
loss = (y * y).sum()

# Registered deliberately out of order: the kind of hook decides when it fires.
mul = y.grad_fn
acc = mul.next_functions[0][0]                      # AccumulateGrad of x
mul.register_hook(lambda gi, go: log("MulBackward0 post-hook"))
mul.register_prehook(lambda go: log("MulBackward0 pre-hook"))
y.retain_grad()
y.register_hook(lambda g: log("tensor hook on y"))
acc.register_hook(lambda gi, go: log("AccumulateGrad post-hook"))
x.register_post_accumulate_grad_hook(lambda leaf: log("post-accumulate-grad hook on x"))
acc.register_prehook(lambda go: log("AccumulateGrad pre-hook"))
x.register_hook(lambda g: log("tensor hook on x"))
# --8<-- [end:register]

loss.backward()
print(*events, sep="\n")

order = [e.split("  ")[0].strip() for e in events]
assert order == ["tensor hook on y", "MulBackward0 pre-hook", "MulBackward0 post-hook",
                 "tensor hook on x", "AccumulateGrad pre-hook",
                 "post-accumulate-grad hook on x", "AccumulateGrad post-hook"]
assert "y.grad=None" in events[0] and "y.grad=None" not in events[1]  # retain_grad filled in between
assert "x.grad=None" in events[4] and "x.grad=None" not in events[5]  # AccumulateGrad ran in between
