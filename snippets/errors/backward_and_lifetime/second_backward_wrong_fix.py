"""retain_graph=True on a carried state: each backward walks every earlier step again, and an optimizer step breaks it."""
import torch

torch.manual_seed(0)


def graph_size(loss):
    """Number of distinct autograd nodes reachable from the loss."""
    seen, stack = set(), [loss.grad_fn]
    while stack:
        node = stack.pop()
        if node is not None and node not in seen:
            seen.add(node)
            stack.extend(next_node for next_node, _ in node.next_functions)
    return len(seen)


# --8<-- [start:grows]
cell = torch.nn.RNNCell(2, 3)
sizes = []
h = torch.zeros(1, 3)
for step in range(1, 5):
    h = cell(torch.randn(1, 2), h)               # no detach
    loss = h.pow(2).sum()
    loss.backward(retain_graph=True)             # the error is gone ...
    sizes.append(graph_size(loss))
    print(f"step {step}: nodes this backward walks = {sizes[-1]}")
# --8<-- [end:grows]
assert sizes == sorted(sizes) and len(set(sizes)) == len(sizes)

# --8<-- [start:optimizer]
cell = torch.nn.RNNCell(2, 3)
opt = torch.optim.SGD(cell.parameters(), lr=0.1)
h = torch.zeros(1, 3)
failed_at = None
for step in range(1, 5):
    h = cell(torch.randn(1, 2), h)
    loss = h.pow(2).sum()
    opt.zero_grad()
    try:
        loss.backward(retain_graph=True)
    except RuntimeError as error:
        failed_at = step
        print(f"with an optimizer, step {step}: RuntimeError:", str(error).split(":")[0])
        break
    opt.step()                                   # in place, on weights the kept graphs saved
# --8<-- [end:optimizer]
assert failed_at == 3   # step 2 still works: step 1 had h = 0, so its graph saved no weight
