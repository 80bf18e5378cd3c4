"""allow_unused=True hides the cut: the gradient is None (or zeros) and the tensor never trains."""
import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
temperature = torch.tensor(3.0, requires_grad=True)

for step in range(1, 4):
    loss = (w * temperature.item()).sum()
    grad_w, grad_t = torch.autograd.grad(loss, [w, temperature], allow_unused=True)
    with torch.no_grad():
        w -= 0.1 * grad_w
        if grad_t is not None:           # the usual guard: skip what has no gradient
            temperature -= 0.1 * grad_t
    print(f"step {step}: grad for temperature = {grad_t}, temperature = {temperature.item()}")
assert grad_t is None and temperature.item() == 3.0

_, zeros = torch.autograd.grad((w * temperature.item()).sum(), [w, temperature],
                               allow_unused=True, materialize_grads=True)
print("with materialize_grads=True:", zeros, "- a zero that is not the real derivative, w.sum() =",
      round(w.sum().item(), 4))
assert zeros.item() == 0.0 and w.sum().item() != 0.0
