"""Rebinding, w = w - lr * w.grad, records the update: w becomes a non-leaf and the next step has no gradient."""
import warnings

import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
(w ** 2).sum().backward()
w = w - 0.1 * w.grad              # no error ...
print("after the first update: w.is_leaf =", w.is_leaf, " w.grad_fn =", type(w.grad_fn).__name__)

(w ** 2).sum().backward()
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    grad = w.grad
print("second step: w.grad =", grad)
assert not w.is_leaf and grad is None
