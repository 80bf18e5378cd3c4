from pathlib import Path

import torch

from drills.harness import call, close, load


def _cell() -> torch.nn.RNNCell:
    torch.manual_seed(0)
    return torch.nn.RNNCell(3, 4)


def check(path: Path) -> str:
    drill = load(path)
    torch.manual_seed(1)
    chunks = [torch.randn(5, 3) for _ in range(4)]
    cell = _cell()
    h = call(drill, "train", cell, chunks)
    ref = _cell()
    optimizer = torch.optim.SGD(ref.parameters(), lr=0.1)
    state = torch.zeros(1, 4)
    for chunk in chunks:
        optimizer.zero_grad()
        state = state.detach()
        loss = torch.zeros(())
        for x in chunk:
            state = ref(x.unsqueeze(0), state)
            loss = loss + state.pow(2).mean()
        loss.backward()
        optimizer.step()
    close(cell.weight_hh, ref.weight_hh, "weight_hh after 4 chunks", "4 段之后的 weight_hh")
    close(cell.weight_ih, ref.weight_ih, "weight_ih after 4 chunks", "4 段之后的 weight_ih")
    close(h, state, "the final hidden state", "最终的隐藏状态")
    return "4 chunks trained, each backward over its own chunk, the state carried across"
