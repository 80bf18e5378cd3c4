from pathlib import Path

import torch

from drills.harness import Fail, call, close, load


def _model() -> torch.nn.Module:
    torch.manual_seed(0)
    return torch.nn.Linear(3, 1)


def check(path: Path) -> str:
    drill = load(path)
    torch.manual_seed(1)
    batches = [(torch.randn(8, 3), torch.randn(8, 1)) for _ in range(6)]
    model = _model()
    call(drill, "train", model, batches)
    ref = _model()
    optimizer = torch.optim.SGD(ref.parameters(), lr=0.05)
    steps_with_sum = _model()
    for x, y in batches:
        optimizer.zero_grad()
        torch.nn.functional.mse_loss(ref(x), y).backward()
        optimizer.step()
    if not torch.allclose(model.weight, ref.weight, atol=1e-6):
        summed = torch.optim.SGD(steps_with_sum.parameters(), lr=0.05)
        for x, y in batches:
            torch.nn.functional.mse_loss(steps_with_sum(x), y).backward()
            summed.step()
        if torch.allclose(model.weight, steps_with_sum.weight, atol=1e-6):
            raise Fail(
                "after 6 steps the weights are those of steps that each used the sum of "
                "every gradient so far: step k applied batches 1..k again",
                "6 步之后的权重，是每一步都使用了至今所有梯度之和的结果：第 k 步把"
                "第 1 到 k 个批次的梯度又用了一遍",
            )
    close(model.weight, ref.weight, "the weights after 6 steps", "6 步之后的权重", atol=1e-6)
    close(model.bias, ref.bias, "the bias after 6 steps", "6 步之后的偏置", atol=1e-6)
    return "each step used its own batch's gradient"
