"""Carry the state, not its history / 传递状态，而不是它的历史

`train(cell, chunks)` trains a recurrent cell on a long sequence cut into chunks (truncated
backpropagation through time): the hidden state `h` goes on from one chunk to the next, and
each chunk ends with one optimizer step. The second chunk's `backward()` raises. Keep carrying
the state's value across chunks, with each backward pass running over its own chunk only.

`train(cell, chunks)` 在一条切成若干段的长序列上训练一个循环单元（截断的随时间反向传播）：
隐藏状态 `h` 从一段延续到下一段，每段结束时做一次优化器更新。第二段的 `backward()` 报错了。
继续在段与段之间传递状态的值，但让每次反向传播只经过本段。
"""

import torch


def train(cell: torch.nn.RNNCell, chunks: list[torch.Tensor]) -> torch.Tensor:
    optimizer = torch.optim.SGD(cell.parameters(), lr=0.1)
    h = torch.zeros(1, cell.hidden_size)
    for chunk in chunks:
        optimizer.zero_grad()
        loss = torch.zeros(())
        for x in chunk:
            h = cell(x.unsqueeze(0), h)
            loss = loss + h.pow(2).mean()
        loss.backward()
        optimizer.step()
    return h


if __name__ == "__main__":
    torch.manual_seed(0)
    print(train(torch.nn.RNNCell(3, 4), [torch.randn(5, 3) for _ in range(4)]))
