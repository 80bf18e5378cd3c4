"""A leaf used twice has one AccumulateGrad node; the contributions of both paths are summed into its .grad."""
import torch

x = torch.tensor([2.0, 3.0], requires_grad=True)
s = x.sin() + x.cos()
via_sin = s.grad_fn.next_functions[0][0].next_functions[0][0]
via_cos = s.grad_fn.next_functions[1][0].next_functions[0][0]
print("sin path and cos path reach the same AccumulateGrad:", via_sin is via_cos)
s.sum().backward()
print("x.grad = cos(x) - sin(x):", x.grad)
assert via_sin is via_cos and via_sin.variable is x
assert torch.allclose(x.grad, x.detach().cos() - x.detach().sin())
