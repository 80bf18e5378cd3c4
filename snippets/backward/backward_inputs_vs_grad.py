"""backward(inputs=...) accumulates only into the listed tensors; autograd.grad returns instead."""
import torch

a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0, 4.0], requires_grad=True)


def loss_fn():
    return (a * b).sum()  # d/da = b, d/db = a


# --8<-- [start:inputs]
loss_fn().backward(inputs=[a])
print("backward(inputs=[a]):     a.grad =", a.grad, " b.grad =", b.grad)
assert torch.equal(a.grad, b.detach()) and b.grad is None
# --8<-- [end:inputs]

# --8<-- [start:grad]
loss = loss_fn()
ran = []  # does a's AccumulateGrad node run?
torch.autograd.graph.get_gradient_edge(a).node.register_prehook(lambda g: ran.append("a"))
ga, gb = torch.autograd.grad(loss, [a, b])
print("autograd.grad(loss, [a, b]) returned", ga, gb)
print("                          a.grad =", a.grad, " b.grad =", b.grad, "(untouched)")
print("                          a's AccumulateGrad ran:", bool(ran))
assert torch.equal(ga, b.detach()) and torch.equal(gb, a.detach())
assert torch.equal(a.grad, b.detach()) and b.grad is None and not ran
# --8<-- [end:grad]
