"""A non-leaf's tensor hook is kept by its node; a leaf's tensor hooks are kept by the tensor."""
import gc
import weakref

import torch

# --8<-- [start:nonleaf]
x = torch.tensor([0.5, 1.0, 2.0], requires_grad=True)
y = x * 2                        # MulBackward0
loss = (y + 1).sum()             # AddBackward0 and SumBackward0 save no tensor: nothing holds y

fired = []
y.register_hook(lambda g: fired.append(f"tensor hook of y, grad {g.tolist()}"))
y_alive = weakref.ref(y)
del y
gc.collect()
print("y still exists after `del y`:", y_alive() is not None)
loss.backward()
print("fired:", *fired)
# --8<-- [end:nonleaf]
assert y_alive() is None and len(fired) == 1  # the node kept the hook, not the (dead) tensor

# --8<-- [start:leaf]
w = torch.tensor([1.0, 2.0], requires_grad=True)
log = []
w.register_hook(lambda g: log.append("tensor hook"))
w.register_post_accumulate_grad_hook(lambda p: log.append("post-accumulate-grad hook"))


def accumulate_grad_of_w(loss):  # SumBackward0 -> MulBackward0 -> AccumulateGrad
    return loss.grad_fn.next_functions[0][0].next_functions[0][0]


loss = (w * 3).sum()             # graph 1
accumulate_grad_of_w(loss).register_prehook(lambda g: log.append("pre-hook on AccumulateGrad"))
loss.backward()
print("graph 1:", log)

log.clear()
del loss                         # the last reference to graph 1: its nodes are freed
loss = (w * 3).sum()             # graph 2 gets a new AccumulateGrad
loss.backward()
print("graph 2:", log)
assert log == ["tensor hook", "post-accumulate-grad hook"]

log.clear()
kept = accumulate_grad_of_w(loss)  # hold graph 2's AccumulateGrad in a Python variable
kept.register_prehook(lambda g: log.append("pre-hook on the kept AccumulateGrad"))
del loss
loss = (w * 3).sum()             # graph 2 is freed, but its AccumulateGrad is still alive
print("graph 3 reuses the kept AccumulateGrad:", accumulate_grad_of_w(loss) is kept)
loss.backward()
print("graph 3:", log)
# --8<-- [end:leaf]
assert log == ["tensor hook", "pre-hook on the kept AccumulateGrad", "post-accumulate-grad hook"]
