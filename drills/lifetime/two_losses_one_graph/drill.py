"""Two losses, one graph / 两个损失，一张计算图

`two_heads_step(encoder, head_a, head_b, x)` trains two heads on one shared encoder: it computes
both losses from the same features and calls `backward()` on each. The second `backward()`
raises. Make the step compute the gradients of `loss_a + loss_b` for every parameter, with the
encoder's forward pass run once.

`two_heads_step(encoder, head_a, head_b, x)` 在同一个共享编码器上训练两个头：它用同一份特征
算出两个损失，并分别调用 `backward()`。第二次 `backward()` 报错了。让这一步为每个参数算出
`loss_a + loss_b` 的梯度，且编码器的前向传播只运行一次。
"""

import torch


def two_heads_step(
    encoder: torch.nn.Module, head_a: torch.nn.Module, head_b: torch.nn.Module, x: torch.Tensor
) -> None:
    features = encoder(x)
    loss_a = head_a(features).pow(2).mean()
    loss_b = head_b(features).abs().mean()
    loss_a.backward()
    loss_b.backward()


if __name__ == "__main__":
    enc = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.Tanh())
    two_heads_step(enc, torch.nn.Linear(8, 1), torch.nn.Linear(8, 2), torch.ones(3, 4))
    print(enc[0].weight.grad)
