from pathlib import Path

import torch
import torch.nn.functional as F

from drills.harness import Fail, call, close, load


def check(path: Path) -> str:
    drill = load(path)
    torch.manual_seed(0)
    model = torch.nn.Linear(3, 2)
    x, y = torch.randn(24, 3), torch.randn(24, 2)
    for parts in (4, 3):
        got = call(drill, "accumulated_grads", model, x, y, parts)
        expected = torch.autograd.grad(F.mse_loss(model(x), y), list(model.parameters()))
        if got[0] is not None and torch.allclose(got[0], parts * expected[0], atol=1e-5):
            raise Fail(
                f"with {parts} micro-batches the weight's gradient is {parts} times the "
                "full batch's: each micro-batch's mean loss counts fully",
                f"切成 {parts} 个微批次时，权重的梯度是整个批次的 {parts} 倍："
                "每个微批次的平均损失都被完整计入了",
            )
        for name, g, e in zip(("weight", "bias"), got, expected, strict=True):
            close(
                g,
                e,
                f"{name}.grad with {parts} micro-batches",
                f"切成 {parts} 个微批次时的 {name}.grad",
            )
    return "the accumulated gradient equals the full batch's, for 4 and for 3 micro-batches"
