"""torch.autograd.grad stops at its `inputs`: the nodes that made them never run."""
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 3
loss = (y * y).sum()
fired = set()

y.register_hook(lambda g: fired.add("T(y)"))
y.grad_fn.register_prehook(lambda go: fired.add("pre(Mul)"))
y.grad_fn.register_hook(lambda gi, go: fired.add("post(Mul)"))
acc = y.grad_fn.next_functions[0][0]
x.register_hook(lambda g: fired.add("T(x)"))
acc.register_prehook(lambda go: fired.add("pre(Acc)"))
x.register_post_accumulate_grad_hook(lambda leaf: fired.add("PA(x)"))
acc.register_hook(lambda gi, go: fired.add("post(Acc)"))
# T = tensor hook, pre/post = node hooks, PA = post-accumulate-grad hook
columns = ["T(y)", "pre(Mul)", "post(Mul)", "T(x)", "pre(Acc)", "PA(x)",
           "post(Acc)"]

# --8<-- [start:calls]
calls = {
    "loss.backward()":              lambda: loss.backward(retain_graph=True),
    "torch.autograd.grad(loss, y)": lambda: torch.autograd.grad(loss, y, retain_graph=True),
    "torch.autograd.grad(loss, x)": lambda: torch.autograd.grad(loss, x, retain_graph=True),
    "loss.backward(inputs=[y])":    lambda: loss.backward(inputs=[y], retain_graph=True),
}
# --8<-- [end:calls]
print(f"{'':29}" + "".join(f"{c:>10}" for c in columns))
rows = {}
for name, call in calls.items():
    fired.clear()
    call()
    rows[name] = {c for c in columns if c in fired}
    print(f"{name:29}" + "".join(f"{'fired' if c in fired else '-':>10}" for c in columns))

assert rows["loss.backward()"] == set(columns)
assert rows["torch.autograd.grad(loss, y)"] == {"T(y)"}      # MulBackward0 never ran
assert rows["torch.autograd.grad(loss, x)"] == {"T(y)", "pre(Mul)", "post(Mul)",
                                                "T(x)"}      # AccumulateGrad never ran
assert rows["loss.backward(inputs=[y])"] == {"T(y)", "pre(Mul)", "post(Mul)"}
