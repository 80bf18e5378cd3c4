import warnings
from pathlib import Path

import torch

from drills.harness import Fail, call, close, guarded, load


def _blocks() -> torch.nn.ModuleList:
    torch.manual_seed(0)
    return torch.nn.ModuleList(
        torch.nn.Sequential(torch.nn.Linear(4, 4), torch.nn.Tanh()) for _ in range(3)
    )


def check(path: Path) -> str:
    drill = load(path)
    blocks = _blocks()
    runs = [0, 0, 0]
    for i, block in enumerate(blocks):
        block[0].register_forward_pre_hook(lambda *_, i=i: runs.__setitem__(i, runs[i] + 1))
    x = torch.randn(5, 4)
    torch.manual_seed(1)
    head = torch.nn.Linear(4, 1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        out = call(drill, "forward", blocks, head, x)
        guarded("backward()", out.sum().backward, path=path)
    missing = [
        f"blocks[{i}]" for i, b in enumerate(blocks) if any(p.grad is None for p in b.parameters())
    ]
    if missing:
        raise Fail(
            f"after backward, no gradient reached {', '.join(missing)}: no input of "
            "a checkpointed segment requires grad, and the reentrant variant then records "
            "nothing for it",
            f"反向传播之后，没有梯度到达 {', '.join(missing)}：检查点片段没有任何输入需要梯度，"
            "而可重入（reentrant）变体此时不为它记录任何东西",
        )
    if runs != [2, 2, 2]:
        raise Fail(
            f"the blocks' forward ran {runs} times; checkpointing runs each twice "
            "(forward, then recomputation in backward)",
            f"各模块的 forward 分别运行了 {runs} 次；激活检查点会让每个运行两次"
            "（前向一次，反向时重算一次）",
        )
    ref = _blocks()
    h = x
    for block in ref:
        h = block(h)
    torch.manual_seed(1)
    torch.nn.Linear(4, 1)(h).sum().backward()
    for i, (b, r) in enumerate(zip(blocks, ref, strict=True)):
        close(
            b[0].weight.grad,
            r[0].weight.grad,
            f"blocks[{i}] weight.grad",
            f"blocks[{i}] 的 weight.grad",
        )
    return "every block checkpointed (run twice) and every parameter has its gradient"
