"""Micro-batches that add up to the batch / 微批次加起来等于整个批次

A batch is too large to run at once, so `accumulated_grads(model, x, y, parts)` splits it into
`parts` micro-batches, runs forward and backward on each and lets `.grad` accumulate. The
optimizer step that follows expects the gradient of the full batch's mean loss. It gets a
gradient `parts` times too large. Make the accumulated gradient equal the full batch's.

一个批次太大，无法一次运行，于是 `accumulated_grads(model, x, y, parts)` 把它切成 `parts`
个微批次，对每个做前向和反向，让 `.grad` 累加。随后的优化器更新期望拿到整个批次平均损失的梯度，
实际拿到的梯度却大了 `parts` 倍。让累加出的梯度等于整个批次的梯度。
"""

import torch
import torch.nn.functional as F


def accumulated_grads(
    model: torch.nn.Module, x: torch.Tensor, y: torch.Tensor, parts: int = 4
) -> list[torch.Tensor]:
    model.zero_grad()
    for xs, ys in zip(x.chunk(parts), y.chunk(parts), strict=True):
        loss = F.mse_loss(model(xs), ys) / parts  # each part is 1/parts of the mean
        loss.backward()
    return [p.grad for p in model.parameters()]


if __name__ == "__main__":
    print(accumulated_grads(torch.nn.Linear(3, 1), torch.ones(8, 3), torch.ones(8, 1)))
