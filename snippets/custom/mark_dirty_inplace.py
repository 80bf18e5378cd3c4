"""An in-place Function must call mark_dirty; without it, the modified tensor keeps a stale history."""
import torch


# --8<-- [start:function]
class TripleInplace(torch.autograd.Function):
    @staticmethod
    def forward(x):
        return x.mul_(3)                          # modifies its input and returns it

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.mark_dirty(inputs[0])                 # tell autograd: this input was overwritten

    @staticmethod
    def backward(ctx, grad_output):
        return 3 * grad_output
# --8<-- [end:function]


class TripleForgetsMarkDirty(TripleInplace):
    @staticmethod
    def setup_context(ctx, inputs, output):
        pass


for fn in (TripleInplace, TripleForgetsMarkDirty):
    w = torch.tensor([1.0, 2.0], requires_grad=True)
    a = w * 2                                     # a non-leaf, history: MulBackward0
    out = fn.apply(a)
    a.sum().backward()                            # a now holds 6*w, so d/dw should be 6
    print(f"{fn.__name__}:")
    print(f"  out is a: {out is a}   a = {a.detach()}   a.grad_fn = {type(a.grad_fn).__name__}")
    print(f"  w.grad = {w.grad}")
    expected = torch.full((2,), 6.0 if fn is TripleInplace else 2.0)
    assert torch.equal(w.grad, expected)
