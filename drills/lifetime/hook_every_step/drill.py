"""A logging hook registered every step / 每一步都注册一次的日志钩子

`train(model, batches)` returns the gradient norm of the first layer's weight at every step, for
a training log, collected by a tensor hook on that weight. Two calls to `train` with 5 batches
each should give 5 norms each. The first call gives 15 (step k runs k hooks), the second even
more, and hooks pile up on the weight, which outlives `train`. The drill counts them.
Log exactly one norm per step, and leave no hook behind when `train` returns.

`train(model, batches)` 通过第一层权重上的张量钩子，收集每一步该权重的梯度范数，作为训练日志返回。
用 5 个批次调用两次 `train`，每次都应得到 5 个范数。实际上第一次得到 15 个（第 k 步运行了 k
个钩子），第二次更多，而且钩子不断堆积在这个比 `train` 活得更久的权重上。本练习会数出它们。
让每一步恰好记录一个范数，并且 `train` 返回时不留下任何钩子。
"""

import torch
import torch.nn.functional as F


def train(
    model: torch.nn.Sequential, batches: list[tuple[torch.Tensor, torch.Tensor]]
) -> list[float]:
    norms: list[float] = []
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    for x, y in batches:
        optimizer.zero_grad()
        loss = F.mse_loss(model(x), y)
        model[0].weight.register_hook(lambda g: norms.append(g.norm().item()))
        loss.backward()
        optimizer.step()
    return norms


if __name__ == "__main__":
    torch.manual_seed(0)
    net = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.Tanh(), torch.nn.Linear(4, 1))
    print(len(train(net, [(torch.randn(8, 3), torch.randn(8, 1)) for _ in range(5)])))
