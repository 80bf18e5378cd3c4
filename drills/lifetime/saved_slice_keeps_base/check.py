from pathlib import Path

import torch

from drills.harness import Fail, call, close, load, need, snippet_helpers


def check(path: Path) -> str:
    drill = load(path)
    snippet_helpers("lifetime")
    from graphwatch import SavedTensorLedger

    torch.manual_seed(0)
    model = need(drill, "Model")()
    batches = [torch.randn(64, 16) for _ in range(10)]
    with SavedTensorLedger(exclude=[*model.parameters(), *batches]) as ledger:
        outputs = call(drill, "collect", model, batches)
    kept = ledger.live_bytes
    limit = 10 * 2 * 64 * 8 * 4  # per output: at most two 64 × 8 float32 tensors
    if kept > limit:
        raise Fail(
            f"the 10 outputs keep {kept:,} saved bytes alive for backward "
            f"({kept // 10:,} per output); what the head reads is 64 × 8 floats, "
            "2,048 bytes: an op saved a view, and a view keeps its whole base",
            f"这 10 个输出为反向传播留住了 {kept:,} 字节保存的张量（每个输出 {kept // 10:,}）；"
            "而头部读取的只是 64 × 8 个浮点数，2,048 字节：某个运算保存了一个视图，"
            "而视图会留住它的整个基张量",
        )
    torch.stack(outputs).pow(2).mean().backward()
    ref = need(drill, "Model")()
    ref.load_state_dict(model.state_dict())
    expected = [torch.sin(ref.backbone(x)[:, :8]) * ref.scale for x in batches]
    torch.stack(expected).pow(2).mean().backward()
    close(torch.stack(outputs), torch.stack(expected), "the outputs", "输出")
    close(
        model.backbone.weight.grad,
        ref.backbone.weight.grad,
        "backbone.weight.grad",
        "backbone.weight.grad",
    )
    close(model.scale.grad, ref.scale.grad, "scale.grad", "scale.grad")
    return f"the 10 outputs keep {kept:,} saved bytes; values and gradients right"
