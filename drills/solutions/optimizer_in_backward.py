"""Update each parameter as soon as its gradient is ready / 梯度一就绪就更新参数

To save memory, `attach_sgd(model, lr)` should make every parameter take its SGD step
(`p -= lr * p.grad`) inside the backward pass, as soon as its gradient has been accumulated, and
then drop that gradient (`p.grad = None`), so no full set of gradients ever exists at once.
After `loss.backward()` the parameters must equal one ordinary SGD step, with every `.grad` None.
The hook used here runs too early: `p.grad` is not there yet.

为了省内存，`attach_sgd(model, lr)` 要让每个参数在反向传播之中、梯度一累加完就执行自己的 SGD
更新（`p -= lr * p.grad`），然后丢掉这个梯度（`p.grad = None`），这样完整的一套梯度从不同时存在。
`loss.backward()` 之后，参数必须等于一次普通 SGD 更新的结果，且每个 `.grad` 都是 None。
这里用的钩子运行得太早：那时 `p.grad` 还不存在。
"""

import torch


def attach_sgd(model: torch.nn.Module, lr: float) -> None:
    for p in model.parameters():

        def step(p: torch.Tensor) -> None:  # called with the parameter, after accumulation
            with torch.no_grad():
                p -= lr * p.grad
            p.grad = None

        p.register_post_accumulate_grad_hook(step)


if __name__ == "__main__":
    net = torch.nn.Linear(3, 1)
    attach_sgd(net, 0.1)
    net(torch.ones(4, 3)).sum().backward()
    print(net.weight, net.weight.grad)
