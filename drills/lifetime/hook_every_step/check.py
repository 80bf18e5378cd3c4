from pathlib import Path

import torch
import torch.nn.functional as F

from drills.harness import Fail, call, close, load


def _model() -> torch.nn.Sequential:
    torch.manual_seed(0)
    return torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.Tanh(), torch.nn.Linear(4, 1))


def check(path: Path) -> str:
    drill = load(path)
    torch.manual_seed(1)
    epochs = [[(torch.randn(8, 3), torch.randn(8, 1)) for _ in range(5)] for _ in range(2)]
    model = _model()
    got, counts = [], []
    for batches in epochs:
        got.append(call(drill, "train", model, batches))
        counts.append(len(got[-1]))
    hooks = len(model[0].weight._backward_hooks or {})
    if counts != [5, 5]:
        grew = (
            f"; the first call's list grew to {len(got[0])} during the second"
            if len(got[0]) != counts[0]
            else ""
        )
        grew_zh = (
            f"；第一次调用返回的列表在第二次调用期间又涨到了 {len(got[0])} 个"
            if len(got[0]) != counts[0]
            else ""
        )
        raise Fail(
            f"two calls of 5 steps logged {counts[0]} and {counts[1]} norms (expected 5 "
            f"and 5){grew}, and the weight now carries {hooks} hooks",
            f"两次各 5 步的调用记录了 {counts[0]} 个和 {counts[1]} 个范数（应为 5 和 5）"
            f"{grew_zh}，而权重上现在挂着 {hooks} 个钩子",
        )
    if hooks:
        raise Fail(
            f"after train() returned, the weight still carries {hooks} hook(s): the next "
            "backward, anywhere, would still call them",
            f"train() 返回后，权重上仍挂着 {hooks} 个钩子：之后任何一次反向传播都还会调用它们",
        )
    ref = _model()
    optimizer = torch.optim.SGD(ref.parameters(), lr=0.05)
    expected = []
    for batches in epochs:
        optimizer = torch.optim.SGD(ref.parameters(), lr=0.05)
        for x, y in batches:
            optimizer.zero_grad()
            F.mse_loss(ref(x), y).backward()
            assert ref[0].weight.grad is not None
            expected.append(ref[0].weight.grad.norm().item())
            optimizer.step()
    close(torch.tensor(got[0] + got[1]), torch.tensor(expected), "the logged norms", "记录的范数")
    return "one norm per step, and no hook left on the weight"
