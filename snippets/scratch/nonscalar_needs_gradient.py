# snippet: raises=RuntimeError
"""backward(v) computes v^T J for a non-scalar output; without v it fails, as in torch."""
import minigrad
import numpy as np
import torch

tx = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
try:
    (tx * tx).backward()
except RuntimeError as error:
    torch_message = str(error)

# --8<-- [start:run]
x = minigrad.Tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * x                             # three outputs: J = diag(2x)
v = np.array([1.0, 0.5, -1.0])
y.backward(v, retain_graph=True)      # v^T J = v * 2x
print("x.grad = v * 2x =", x.grad)
assert np.allclose(x.grad, v * 2 * x.data)
try:
    y.backward()                      # no v: which combination of outputs?
except RuntimeError as error:
    assert str(error) == torch_message
    print("same message as torch:", str(error) == torch_message)
    raise
# --8<-- [end:run]
