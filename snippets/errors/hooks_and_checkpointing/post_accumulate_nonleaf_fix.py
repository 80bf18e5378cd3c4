"""Each hook on the tensor it is made for: register_hook for a non-leaf, the post-accumulate hook for a parameter."""
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
seen = {}
y.register_hook(lambda grad: seen.__setitem__("y's gradient", grad.tolist()))
x.register_post_accumulate_grad_hook(lambda p: seen.__setitem__("x.grad when the hook ran", p.grad.tolist()))

(y ** 2).sum().backward()                          # d/dy = 2y = 4x, d/dx = 8x
for what, value in seen.items():
    print(f"{what}: {value}")
assert seen == {"y's gradient": [4.0, 8.0], "x.grad when the hook ran": [8.0, 16.0]}
