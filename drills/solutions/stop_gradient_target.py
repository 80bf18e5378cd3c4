"""A target that must stay still / 保持不动的目标值

`td_loss(net, s, r, s_next)` is a one-step temporal-difference loss: the network's value of
state `s` is pulled towards the target `r + 0.9 * value(s_next)`. The target must act as a
constant: the update should move `value(s)` towards it, not move the target. As written, the
gradient also flows through the target. Stop it there.

`td_loss(net, s, r, s_next)` 是单步时序差分损失：网络对状态 `s` 的估值被拉向目标
`r + 0.9 * value(s_next)`。目标值应当是常量：更新应该让 `value(s)` 靠近目标，而不是移动目标。
按现在的写法，梯度也流进了目标值。让梯度在那里停下。
"""

import torch


def td_loss(
    net: torch.nn.Module, s: torch.Tensor, r: torch.Tensor, s_next: torch.Tensor
) -> torch.Tensor:
    target = (r + 0.9 * net(s_next).squeeze(1)).detach()  # a constant: the graph ends here
    value = net(s).squeeze(1)
    return ((value - target) ** 2).mean()


if __name__ == "__main__":
    net = torch.nn.Linear(2, 1)
    td_loss(net, torch.ones(3, 2), torch.ones(3), torch.zeros(3, 2)).backward()
    print(net.weight.grad)
