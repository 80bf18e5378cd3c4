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
    print(f"{api:<25} gradient {result.tolist()}  h.grad_fn ran: {bool(ran)!s:5}  w.grad: {w.grad}")
# --8<-- [end:inputs]
