# snippet: raises=RuntimeError
"""Backward frees what nodes saved; a second backward through them fails as in torch."""
import minigrad
import torch

tx = torch.tensor([1.0, 2.0], requires_grad=True)
ty = tx.exp().sum()
ty.backward()
try:
    ty.backward()
except RuntimeError as error:
    torch_message = str(error)

# --8<-- [start:run]
x = minigrad.Tensor([1.0, 2.0], requires_grad=True)
y = x.exp().sum()          # ExpBackward saves its result ...
y.backward()               # ... and backward frees it after running
node = y.grad_fn.next_functions[0]
print(node.name(), "saved after backward:", node._saved)
try:
    y.backward()           # ExpBackward needs the freed array
except RuntimeError as error:
    assert str(error) == torch_message  # word for word torch 2.13's
    print("same message as torch:", str(error) == torch_message)
    raise
# --8<-- [end:run]
