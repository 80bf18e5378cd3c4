"""next_functions holds (node, output index) pairs; one AccumulateGrad per leaf is shared."""
import torch

x = torch.tensor([2.0, 3.0], requires_grad=True)

# --8<-- [start:unbind]
first, second = x.unbind()      # one op, two outputs, one backward node
m = first * second
for node, index in m.grad_fn.next_functions:
    print(f"MulBackward0 input -> ({type(node).__name__}, {index})")
# --8<-- [end:unbind]
(n0, i0), (n1, i1) = m.grad_fn.next_functions
assert n0 is n1 and (i0, i1) == (0, 1)
assert first.output_nr == 0 and second.output_nr == 1
print("same UnbindBackward0 node for both:", n0 is n1)

# --8<-- [start:shared]
s = x.sin() + x.cos()
via_sin = s.grad_fn.next_functions[0][0].next_functions[0][0]
via_cos = s.grad_fn.next_functions[1][0].next_functions[0][0]
print("sin path and cos path reach the same AccumulateGrad:", via_sin is via_cos)
# --8<-- [end:shared]
assert via_sin is via_cos and via_sin.variable is x
s.sum().backward()
print("x.grad = cos(x) - sin(x):", x.grad)
assert torch.allclose(x.grad, x.detach().cos() - x.detach().sin())
