from pathlib import Path

import torch

from drills.harness import Fail, call, close, load


def check(path: Path) -> str:
    drill = load(path)
    model = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.Dropout(0.5), torch.nn.Linear(8, 1))
    batches = [torch.randn(16, 4) for _ in range(3)]
    saved = []
    with torch.autograd.graph.saved_tensors_hooks(lambda t: saved.append(t) or t, lambda t: t):
        got = call(drill, "evaluate", model, batches)
    if len(got) != len(batches):
        raise Fail(
            f"evaluate() returned {len(got)} predictions for {len(batches)} batches",
            f"evaluate() 对 {len(batches)} 个批次返回了 {len(got)} 个预测",
        )
    if saved:
        raise Fail(
            f"evaluate() still recorded a graph: the forward passes saved {len(saved)} "
            "tensors for a backward that never comes (eval() changes layers, not autograd)",
            f"evaluate() 仍然记录了计算图：前向传播为永远不会发生的反向传播保存了 {len(saved)} "
            "个张量（eval() 改变的是层的行为，不是 autograd）",
        )
    if any(p.requires_grad or p.grad_fn is not None for p in got):
        raise Fail("the predictions still require grad", "返回的预测仍然需要梯度")
    model.eval()
    with torch.no_grad():
        expected = [model(x) for x in batches]
    for i, (p, e) in enumerate(zip(got, expected, strict=True)):
        close(p, e, f"prediction {i} (dropout must be off)", f"第 {i} 个预测（dropout 应关闭）")
    return f"{len(got)} batches predicted with dropout off; 0 tensors saved for backward"
