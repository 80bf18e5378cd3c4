"""Two accumulation bugs: a forgotten zero_grad sums steps; undivided micro-batch losses scale the gradient."""
import torch

torch.manual_seed(0)
w = torch.randn(3, requires_grad=True)
batches = [torch.randn(8, 3) for _ in range(2)]


def loss_of(x):
    return (x @ w).pow(2).mean()


def grad_of(x):
    return torch.autograd.grad(loss_of(x), w)[0]        # a fresh gradient, nothing accumulated


# --8<-- [start:forgot]
for step, x in enumerate(batches, start=1):            # no zero_grad in this loop
    loss_of(x).backward()
    print(f"step {step}: w.grad = {w.grad}")
# --8<-- [end:forgot]
print(f"  batch 2 alone:  {grad_of(batches[1])}   (step 2 holds batch 1 + batch 2)")
assert torch.allclose(w.grad, grad_of(batches[0]) + grad_of(batches[1]))

big = torch.cat(batches)                               # the batch we cannot afford in one go
# --8<-- [start:micro]
for divide in (False, True):
    w.grad = None
    for x in big.chunk(4):                             # 4 micro-batches of 4
        loss = loss_of(x)
        (loss / 4 if divide else loss).backward()
    label = "each loss / 4" if divide else "each loss as is"
    print(f"4 micro-batches, {label:15}: w.grad = {w.grad}")
# --8<-- [end:micro]
print(f"one batch of 16 (the target):     grad   = {grad_of(big)}")
assert torch.allclose(w.grad, grad_of(big))
