"""backward(create_graph=True) stores a recorded gradient in .grad: a cycle, and a warning."""
import warnings

import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)

# --8<-- [start:cycle]
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    (w ** 3).sum().backward(create_graph=True)
for item in caught:
    print(f"{item.category.__name__}: {item.message}")
print()
print("w.grad.grad_fn:", type(w.grad.grad_fn).__name__)

def leaves_of(node):                                   # walk the recorded gradient to its leaves
    stack, found = [node], []
    while stack:
        node = stack.pop()
        if type(node).__name__ == "AccumulateGrad":
            found.append(node.variable)
        stack += [n for n, _ in node.next_functions if n is not None]
    return found


back_to_w = any(leaf is w for leaf in leaves_of(w.grad.grad_fn))
print("the graph of w.grad leads back to w itself:", back_to_w)
# --8<-- [end:cycle]
assert back_to_w and len(caught) == 1

# --8<-- [start:fix]
(g,) = torch.autograd.grad((w ** 3).sum(), w, create_graph=True)   # returned, not stored on w
w.grad = None                                                       # break the old cycle
# --8<-- [end:fix]
print("with autograd.grad the recorded gradient lives in a local variable:",
      type(g.grad_fn).__name__, "and w.grad is", w.grad)
