# snippet: raises=RuntimeError
"""A view returned by a custom Function cannot be modified in place; clone it (inside or outside) and it can."""
import torch


# --8<-- [start:function]
class FirstTwo(torch.autograd.Function):
    @staticmethod
    def forward(ctx, t):
        return t[:2]                    # a view of the input

    @staticmethod
    def backward(ctx, grad):
        out = grad.new_zeros(3)
        out[:2] = grad
        return out
# --8<-- [end:function]


x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)

# --8<-- [start:fix]
out = FirstTwo.apply(x * 1)
print("FirstTwo output: _is_view() =", out._is_view(), " grad_fn =", type(out.grad_fn).__name__)
safe = out.clone()                      # the fix: a copy has no view to rewrite
safe.mul_(10)
(grad,) = torch.autograd.grad(safe.sum(), x)
print("out.clone().mul_(10): grad =", grad)
# --8<-- [end:fix]
assert out._is_view() and torch.equal(grad, torch.tensor([10.0, 10.0, 0.0]))

# --8<-- [start:fail]
FirstTwo.apply(x * 1).mul_(10)
# --8<-- [end:fail]
