"""A loss history that keeps every graph / 留住每张计算图的损失记录

`Trainer.fit(batches)` trains one epoch, records every step's loss in `self.history` (for a
plot) and returns the epoch's mean loss. Memory grows with every step and never comes back:
after `fit()` returns, the backward nodes of every step are still alive. The drill counts them.
Keep the same numbers (`history` as floats, the mean as a float) without keeping any graph.

`Trainer.fit(batches)` 训练一个 epoch，把每一步的损失记进 `self.history`（用来画图），并返回
这个 epoch 的平均损失。内存随每一步增长，再也降不下来：`fit()` 返回之后，每一步的反向节点都还活着。
本练习会数出它们。保留同样的数字（`history` 为浮点数，平均值为浮点数），但不留下任何计算图。
"""

import torch
import torch.nn.functional as F


class Trainer:
    def __init__(self, model: torch.nn.Module) -> None:
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
        self.history: list = []

    def fit(self, batches: list[tuple[torch.Tensor, torch.Tensor]]):
        total = 0.0
        for x, y in batches:
            self.optimizer.zero_grad()
            loss = F.mse_loss(self.model(x), y)
            loss.backward()
            self.optimizer.step()
            value = loss.item()  # a Python float: the number, not the graph behind it
            total += value
            self.history.append(value)
        return total / len(batches)


if __name__ == "__main__":
    torch.manual_seed(0)
    trainer = Trainer(torch.nn.Linear(3, 1))
    print(trainer.fit([(torch.randn(8, 3), torch.randn(8, 1)) for _ in range(5)]))
