"""Skipping unneeded saves is per formula: pow with a tensor exponent keeps its result although only the exponent's gradient reads it."""
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
c = torch.tensor([2.0, 3.0])                      # a tensor exponent that needs no grad


def saved_tensors(node):
    return sorted(k.removeprefix("_saved_") for k in dir(node)
                  if k.startswith("_saved_") and isinstance(getattr(node, k), torch.Tensor))


# --8<-- [start:compare]
product = x * c                                   # MulBackward0: self is skipped, only other kept
power = x ** c                                    # PowBackward1: nothing is skipped
print(f"x * c   {type(product.grad_fn).__name__}: saves {saved_tensors(product.grad_fn)}")
print(f"x ** c  {type(power.grad_fn).__name__}: saves {saved_tensors(power.grad_fn)}")
# --8<-- [end:compare]
assert saved_tensors(product.grad_fn) == ["other"]
assert saved_tensors(power.grad_fn) == ["exponent", "result", "self"]
