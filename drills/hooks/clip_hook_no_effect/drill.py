"""A clipping hook that clips nothing / 什么都没裁剪的裁剪钩子

`clip_each_gradient(model, limit)` registers a hook on every parameter that should clamp each
element of its gradient to `[-limit, limit]` during backward. Backward runs, but the gradients
arrive unclipped. Make the hooks change the gradient that is accumulated.

`clip_each_gradient(model, limit)` 为每个参数注册一个钩子，在反向传播中把梯度的每个元素限制在
`[-limit, limit]` 之内。反向传播运行了，但梯度没有被裁剪。让钩子改变最终累加进去的梯度。
"""

import torch


def clip_each_gradient(model: torch.nn.Module, limit: float) -> None:
    for p in model.parameters():

        def clip(grad: torch.Tensor) -> None:
            grad = grad.clamp(-limit, limit)

        p.register_hook(clip)


if __name__ == "__main__":
    net = torch.nn.Linear(3, 1)
    clip_each_gradient(net, 0.01)
    net(torch.ones(4, 3)).sum().backward()
    print(net.weight.grad)
