"""Use the tensor itself in the forward: both gradients exist and match the analytic ones."""
import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
temperature = torch.tensor(3.0, requires_grad=True)

loss = (w * temperature).sum()           # the graph now reaches temperature
grad_w, grad_t = torch.autograd.grad(loss, [w, temperature])
print("d loss / d w           =", grad_w.tolist(), "(analytic: temperature = 3)")
print("d loss / d temperature =", grad_t.item(), "(analytic: w.sum() = 3)")
assert grad_w.tolist() == [3.0, 3.0] and grad_t.item() == 3.0
