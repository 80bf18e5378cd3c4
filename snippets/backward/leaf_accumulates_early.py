"""The real engine runs nodes by decreasing sequence number, except AccumulateGrad, which runs as soon as it is ready."""
import torch

x = torch.tensor([0.5, 1.0], requires_grad=True)
w = torch.tensor([2.0, -1.0], requires_grad=True)

# --8<-- [start:forward]
a = x.exp()              # recorded 1st
b = w * 2                # recorded 2nd
out = (a * b).sum()      # recorded 3rd and 4th
# --8<-- [end:forward]

names = {out.grad_fn: "SumBackward0", out.grad_fn.next_functions[0][0]: "MulBackward0[a*b]",
         a.grad_fn: "ExpBackward0[a]", b.grad_fn: "MulBackward0[b]",
         a.grad_fn.next_functions[0][0]: "AccumulateGrad[x]",
         b.grad_fn.next_functions[0][0]: "AccumulateGrad[w]"}
order = []
for node, label in names.items():
    node.register_prehook(lambda grads, label=label: order.append(label))

out.backward()
print("reverse recording order:", "SumBackward0 -> MulBackward0[a*b] -> MulBackward0[b] -> ExpBackward0[a]")
print("engine order:           ", " -> ".join(order))
assert order == ["SumBackward0", "MulBackward0[a*b]", "MulBackward0[b]", "AccumulateGrad[w]",
                 "ExpBackward0[a]", "AccumulateGrad[x]"]
