"""Evaluate without recording / 评估时不记录计算图

`evaluate(model, batches)` returns the model's predictions on every batch, for metrics. It
switches the model to eval mode and yet records a graph for every batch: every activation the
backward pass would need is kept with the predictions it returns. Make evaluation record
nothing, with dropout still off.

`evaluate(model, batches)` 返回模型在每个批次上的预测，用来算指标。它把模型切到了 eval
模式，却仍然为每个批次记录一张计算图：反向传播需要的每个激活值，都随返回的预测一起被留了下来。
让评估什么都不记录，同时 dropout 仍然关闭。
"""

import torch


def evaluate(model: torch.nn.Module, batches: list[torch.Tensor]) -> list[torch.Tensor]:
    model.eval()  # dropout off
    predictions = []
    with torch.no_grad():  # autograd: record and save nothing
        for x in batches:
            predictions.append(model(x))
    return predictions


if __name__ == "__main__":
    net = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.Dropout(0.5), torch.nn.Linear(8, 1))
    print(evaluate(net, [torch.ones(2, 4)]))
