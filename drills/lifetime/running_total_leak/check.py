from pathlib import Path

import torch
import torch.nn.functional as F

from drills.harness import Fail, LiveNodes, close, guarded, load, need


def check(path: Path) -> str:
    drill = load(path)
    torch.manual_seed(1)
    batches = [(torch.randn(8, 3), torch.randn(8, 1)) for _ in range(10)]
    torch.manual_seed(0)
    trainer = guarded("Trainer(model)", need(drill, "Trainer"), torch.nn.Linear(3, 1), path=path)
    with LiveNodes() as nodes:
        mean = guarded("trainer.fit(batches)", trainer.fit, batches, path=path)
    live = nodes.live
    if live:
        holders = []
        kept = [v for v in trainer.history if isinstance(v, torch.Tensor) and v.grad_fn]
        if kept:
            holders.append(f"self.history ({len(kept)} losses with a grad_fn)")
        if isinstance(mean, torch.Tensor) and mean.grad_fn is not None:
            holders.append(f"the value fit() returned (grad_fn={type(mean.grad_fn).__name__})")
        what = " and ".join(holders) or "something fit() kept"
        raise Fail(
            f"after fit() over 10 batches, {live} backward nodes are still alive, kept by {what}",
            f"fit() 跑完 10 个批次之后，仍有 {live} 个反向节点活着，被这些东西留住：{what}",
        )
    torch.manual_seed(0)
    model = torch.nn.Linear(3, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    losses = []
    for x, y in batches:
        optimizer.zero_grad()
        loss = F.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    if not isinstance(mean, float) or not all(isinstance(v, float) for v in trainer.history):
        raise Fail(
            "fit() must return a float and keep floats in history",
            "fit() 应返回浮点数，history 里也应是浮点数",
        )
    close(torch.tensor(trainer.history), torch.tensor(losses), "history", "history")
    close(torch.tensor(mean), torch.tensor(sum(losses) / 10), "the mean loss", "平均损失")
    return "fit() keeps 0 backward nodes alive; history and the mean are right"
