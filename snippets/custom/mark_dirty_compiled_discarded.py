# snippet: timeout=120
"""ctx.mark_dirty under torch.compile when the caller discards .apply()'s return: the same gradient as eager in 2.13."""
import torch


# --8<-- [start:function]
class TimesThreeInplace(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        x.mul_(3)
        ctx.mark_dirty(x)
        return x

    @staticmethod
    def backward(ctx, grad):
        return grad * 3


def loss_fn(w, keep_return):
    y = torch.ones(2, 2) @ w
    if keep_return:
        y = TimesThreeInplace.apply(y)
    else:
        TimesThreeInplace.apply(y)              # the return is dropped; y was modified in place
    return y.sum()
# --8<-- [end:function]


# --8<-- [start:compare]
results = {}
for backend in (None, "aot_eager"):
    for keep_return in (True, False):
        torch._dynamo.reset()
        w = torch.eye(2, requires_grad=True)
        f = loss_fn if backend is None else torch.compile(loss_fn, backend=backend, fullgraph=True)
        loss = f(w, keep_return)
        loss.backward()
        results[backend, keep_return] = (loss.item(), w.grad.tolist())
        print(f"{backend or 'not compiled':12} return {'kept     ' if keep_return else 'discarded'}"
              f"  loss {loss.item():4.1f}  w.grad {w.grad.tolist()}")
# --8<-- [end:compare]
assert len(set(map(str, results.values()))) == 1       # one answer everywhere
assert results[None, False] == (12.0, [[6.0, 6.0], [6.0, 6.0]])
