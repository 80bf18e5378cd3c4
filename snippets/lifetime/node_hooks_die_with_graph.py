"""A tensor hook on a parameter outlives the graph; a prehook on that graph's AccumulateGrad node does not."""
import torch

p = torch.tensor([1.0, 2.0], requires_grad=True)
calls = []

# --8<-- [start:hooks]
p.register_hook(lambda grad: calls.append("tensor hook"))          # stored with p
y = p * 2
accumulate = y.grad_fn.next_functions[0][0]                        # p's AccumulateGrad, now
accumulate.register_prehook(lambda grads: calls.append("node prehook"))
y.sum().backward()
print("step 1:", calls)
del y, accumulate                                                  # the graph goes

calls.clear()
(p * 2).sum().backward()                                           # a new graph, a new AccumulateGrad
print("step 2:", calls)
# --8<-- [end:hooks]
assert calls == ["tensor hook"]
