"""backward(inputs=[h]) for a non-leaf h runs h's own grad_fn; autograd.grad(..., [h]) does not."""
import torch

torch.manual_seed(0)
w = torch.randn(2, requires_grad=True)

# --8<-- [start:inputs]
for api in ["backward(inputs=[h])", "autograd.grad(loss, [h])"]:
    ran = []
    h = w * 3                                            # non-leaf, grad_fn MulBackward0
    h.grad_fn.register_hook(lambda grad_inputs, grad_outputs, ran=ran: ran.append("MulBackward0"))
    loss = (h * 2).sum()
    if api.startswith("backward"):
        loss.backward(inputs=[h])
        result = h.grad
    else:
        (result,) = torch.autograd.grad(loss, [h])
    print(f"{api:<25} gradient {result.tolist()}  h.grad_fn ran: {bool(ran)!s:5}  w.grad: {w.grad}"
          f"  h.retains_grad after: {h.retains_grad}")
# --8<-- [end:inputs]
assert not h.retains_grad                                # autograd.grad leaves h as it was

# --8<-- [start:after]
h = w * 3
loss = (h * 2).sum()
loss.backward(inputs=[h], retain_graph=True)
loss.backward()                                          # a later, ordinary backward
print("h.grad after a second backward:", h.grad.tolist(), " (retain_grad stayed on)")
# --8<-- [end:after]
assert h.retains_grad and h.grad.tolist() == [4.0, 4.0]
