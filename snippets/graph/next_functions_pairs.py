"""next_functions holds (node, output index) pairs: one op with two outputs has one node, and the
index says which output an input came from."""
import torch

x = torch.tensor([2.0, 3.0], requires_grad=True)

# --8<-- [start:unbind]
first, second = x.unbind()      # one op, two outputs, one backward node
m = first * second
for node, index in m.grad_fn.next_functions:
    print(f"MulBackward0 input -> ({type(node).__name__}, {index})")
# --8<-- [end:unbind]
(n0, i0), (n1, i1) = m.grad_fn.next_functions
print("same UnbindBackward0 node for both:", n0 is n1,
      " output_nr of first, second:", first.output_nr, second.output_nr)
assert n0 is n1 and (i0, i1) == (0, 1)
assert first.output_nr == 0 and second.output_nr == 1
