"""The gradient a block receives at its input / 一个模块在输入处收到的梯度

`input_gradient_via_hook(block, x)` should return the gradient of the output's sum with respect
to the block's input, captured by a backward hook on the module (the way you would log it inside
a larger model). It returns a tensor of the wrong shape: a gradient of something inside the
block. Capture the gradient with respect to the block's input.

`input_gradient_via_hook(block, x)` 应当返回输出之和对这个模块输入的梯度，用模块上的反向钩子捕获
（就像在更大的模型里记录它那样）。它返回的张量形状不对：那是模块内部某个东西的梯度。
捕获对模块输入的梯度。
"""

import torch


def input_gradient_via_hook(block: torch.nn.Module, x: torch.Tensor) -> torch.Tensor:
    captured = []
    handle = block.register_full_backward_hook(
        lambda module, grad_input, grad_output: captured.append(grad_input[0])
    )
    block(x).sum().backward()
    handle.remove()
    return captured[0]


if __name__ == "__main__":
    net = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.Tanh(), torch.nn.Linear(4, 2))
    print(input_gradient_via_hook(net, torch.ones(5, 3, requires_grad=True)).shape)
