"""ctx.needs_input_grad is fixed when the node is recorded, from each input's requires_grad; it
does not know which inputs one backward call asks for. A built-in node does: MmBackward0 skips a
product that no one downstream needs."""
import torch
from torch.utils._python_dispatch import TorchDispatchMode


class CountMatmuls(TorchDispatchMode):
    """Counts the matrix products that run while it is active (backward included)."""

    def __init__(self):
        super().__init__()
        self.count = 0

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        self.count += func.overloadpacket is torch.ops.aten.mm
        return func(*args, **(kwargs or {}))


class MatMul(torch.autograd.Function):
    @staticmethod
    def forward(a, b):
        return a @ b

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(*inputs)

    @staticmethod
    def backward(ctx, grad_output):
        a, b = ctx.saved_tensors
        print("    MatMul.backward: needs_input_grad =", ctx.needs_input_grad)
        grad_a = grad_output @ b.T if ctx.needs_input_grad[0] else None
        grad_b = a.T @ grad_output if ctx.needs_input_grad[1] else None
        return grad_a, grad_b


torch.manual_seed(0)
a = torch.randn(3, 4, requires_grad=True)
b = torch.randn(4, 5, requires_grad=True)
counts = {}
for name, matmul in [("built-in a @ b", torch.mm), ("MatMul.apply", MatMul.apply)]:
    for asked in ([a, b], [a]):
        loss = matmul(a, b).sum()
        with CountMatmuls() as counter:
            torch.autograd.grad(loss, asked)       # asks for a only, in the second call
        label = "[a, b]" if len(asked) == 2 else "[a]"
        print(f"{name:<15} grad(loss, {label:<6}): {counter.count} matrix product(s) in backward")
        counts[name, label] = counter.count

assert counts["built-in a @ b", "[a, b]"] == 2 and counts["built-in a @ b", "[a]"] == 1
assert counts["MatMul.apply", "[a, b]"] == 2 and counts["MatMul.apply", "[a]"] == 2

loss = MatMul.apply(a, b.detach()).sum()           # b does not require grad when recorded
with CountMatmuls() as counter:
    torch.autograd.grad(loss, [a])
print(f"MatMul.apply, b recorded as a constant: {counter.count} matrix product(s) in backward")
assert counter.count == 1
