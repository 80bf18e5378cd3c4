"""retain_graph defaults to the value of create_graph."""
import torch


def second_backward(create_graph, retain_graph=None):
    x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    loss = x.exp().sum()
    torch.autograd.grad(loss, x, create_graph=create_graph, retain_graph=retain_graph)
    try:
        loss.backward()
        return "second backward works"
    except RuntimeError:
        return "second backward raises RuntimeError"


for create_graph, retain_graph in [(False, None), (True, None), (True, False)]:
    outcome = second_backward(create_graph, retain_graph)
    print(f"create_graph={create_graph!s:5}  retain_graph={retain_graph!s:5} -> {outcome}")
    assert (outcome == "second backward works") == (create_graph and retain_graph is None)
