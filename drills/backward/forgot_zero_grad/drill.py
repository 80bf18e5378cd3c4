"""Every step starts from zero / 每一步都从零开始

`train(model, batches)` runs one optimizer step per batch. The loss goes down at first, then
the updates grow and it diverges: each step uses more than its own batch's gradient. Make each
step use only the gradient of its own batch.

`train(model, batches)` 每个批次做一次优化器更新。损失一开始在下降，随后更新越来越大并发散：
每一步用到的不只是本批次的梯度。让每一步只使用本批次自己的梯度。
"""

import torch


def train(model: torch.nn.Module, batches: list[tuple[torch.Tensor, torch.Tensor]]) -> list[float]:
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    losses = []
    for x, y in batches:
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    return losses


if __name__ == "__main__":
    torch.manual_seed(0)
    data = [(torch.randn(8, 3), torch.randn(8, 1)) for _ in range(20)]
    print(train(torch.nn.Linear(3, 1), data))
