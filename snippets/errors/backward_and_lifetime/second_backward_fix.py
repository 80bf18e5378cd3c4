"""Detaching the carried state gives every step a graph of its own, of the same size."""
import torch

torch.manual_seed(0)
cell = torch.nn.RNNCell(2, 3)
opt = torch.optim.SGD(cell.parameters(), lr=0.1)
before = cell.weight_hh.detach().clone()


def graph_size(loss):
    """Number of distinct autograd nodes reachable from the loss."""
    seen, stack = set(), [loss.grad_fn]
    while stack:
        node = stack.pop()
        if node is not None and node not in seen:
            seen.add(node)
            stack.extend(next_node for next_node, _ in node.next_functions)
    return len(seen)


sizes = []
h = torch.zeros(1, 3)
for step in range(1, 5):
    h = cell(torch.randn(1, 2), h)
    loss = h.pow(2).sum()
    opt.zero_grad()
    loss.backward()
    opt.step()
    h = h.detach()                   # keep the value, drop the history
    sizes.append(graph_size(loss))
    print(f"step {step}: nodes in this step's graph = {sizes[-1]}")

moved = (cell.weight_hh - before).abs().max().item()
print(f"weight_hh moved by up to {moved:.4f}")
assert len(set(sizes)) == 1 and moved > 0
