"""mark_non_differentiable: a float output that must not carry gradients. Integer outputs never do."""
import torch


# --8<-- [start:function]
class ValueAndRounded(torch.autograd.Function):
    """Returns (2 * x, round(x)); the rounded copy is for bookkeeping, not for gradients."""

    @staticmethod
    def forward(x):
        return x * 2, x.round()

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.mark_non_differentiable(output[1])

    @staticmethod
    def backward(ctx, grad_value, grad_rounded):  # still one grad per output
        print("  backward received grad_rounded =", grad_rounded)
        return grad_value * 2
# --8<-- [end:function]


class ForgetsToMark(ValueAndRounded):
    @staticmethod
    def setup_context(ctx, inputs, output):
        pass


x = torch.tensor([0.4, 1.6], requires_grad=True)
for fn in (ValueAndRounded, ForgetsToMark):
    value, rounded = fn.apply(x)
    downstream = rounded * 10                     # later code that uses the rounded copy
    recorded = type(downstream.grad_fn).__name__ if downstream.grad_fn else None
    print(f"{fn.__name__}: rounded.requires_grad={rounded.requires_grad}  "
          f"(rounded * 10).grad_fn={recorded}")
    assert rounded.requires_grad == (fn is ForgetsToMark)
    value.sum().backward()
assert x.grad is not None

# Integer outputs (indices, counts) cannot require grad, marked or not.
# --8<-- [start:argmax]
class MaxWithIndex(torch.autograd.Function):
    @staticmethod
    def forward(x):
        return x.max(dim=-1)                      # (values, indices)

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.mark_non_differentiable(output[1])    # documents intent; int64 is never differentiable
        ctx.save_for_backward(output[1])
        ctx.shape = inputs[0].shape

    @staticmethod
    def backward(ctx, grad_values, grad_indices):
        (indices,) = ctx.saved_tensors
        grad_x = torch.zeros(ctx.shape, dtype=grad_values.dtype)
        return grad_x.scatter(-1, indices.unsqueeze(-1), grad_values.unsqueeze(-1))
# --8<-- [end:argmax]


m = torch.tensor([[1.0, 5.0, 2.0], [7.0, 0.0, 3.0]], requires_grad=True)
values, indices = MaxWithIndex.apply(m)
print("MaxWithIndex: indices =", indices, " requires_grad =", indices.requires_grad)
values.sum().backward()
print("m.grad =", m.grad)
assert not indices.requires_grad and torch.equal(m.grad, torch.tensor([[0.0, 1, 0], [1, 0, 0]]))
