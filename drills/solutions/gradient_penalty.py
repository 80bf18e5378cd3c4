"""A gradient penalty the critic learns from / 评论家能从中学习的梯度惩罚

`gradient_penalty(critic, real, fake, alpha)` is WGAN-GP's penalty: at points between real and
generated samples, the norm of the critic's gradient with respect to its *input* should be 1,
and `mean((norm - 1)²)` is added to the critic's loss. As written, the penalty comes out as a
plain number: the critic's weights never feel it. It also leaves gradients behind in the
critic's parameters. Return a penalty that backpropagates into the critic's weights, with no
other side effect.

`gradient_penalty(critic, real, fake, alpha)` 是 WGAN-GP 的惩罚项：在真实样本与生成样本之间的点上，
评论家对其*输入*的梯度范数应当为 1，`mean((norm - 1)²)` 被加进评论家的损失。按现在的写法，惩罚项
算出来只是一个普通数值：评论家的权重根本感受不到它。它还在评论家的参数里留下了梯度。返回一个能
反向传播到评论家权重的惩罚项，并且没有别的副作用。
"""

import torch


def gradient_penalty(
    critic: torch.nn.Module, real: torch.Tensor, fake: torch.Tensor, alpha: torch.Tensor
) -> torch.Tensor:
    x_hat = (alpha * real + (1 - alpha) * fake).requires_grad_()
    # returned, not accumulated into .grad; recorded, so the penalty can be differentiated
    (g,) = torch.autograd.grad(critic(x_hat).sum(), x_hat, create_graph=True)
    norms = g.norm(dim=1)
    return ((norms - 1) ** 2).mean()


if __name__ == "__main__":
    net = torch.nn.Sequential(torch.nn.Linear(2, 8), torch.nn.Tanh(), torch.nn.Linear(8, 1))
    gp = gradient_penalty(net, torch.randn(4, 2), torch.randn(4, 2), torch.rand(4, 1))
    print(gp, gp.requires_grad)
