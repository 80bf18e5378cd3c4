from pathlib import Path

import torch

from drills.harness import Fail, call, close, guarded, load


def _model() -> torch.nn.Module:
    torch.manual_seed(0)
    return torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.Tanh(), torch.nn.Linear(4, 1))


def check(path: Path) -> str:
    drill = load(path)
    x, y = torch.randn(8, 3), torch.randn(8, 1)
    model = _model()
    call(drill, "attach_sgd", model, 0.1)
    for step in range(2):
        loss = torch.nn.functional.mse_loss(model(x), y)
        guarded(f"backward() of step {step + 1}", loss.backward, path=path)
    left = [n for n, p in model.named_parameters() if p.grad is not None]
    if left:
        raise Fail(
            f"after backward, .grad is still set on {', '.join(left)}",
            f"反向传播之后，{', '.join(left)} 的 .grad 仍然存在",
        )
    ref = _model()
    optimizer = torch.optim.SGD(ref.parameters(), lr=0.1)
    for _ in range(2):
        optimizer.zero_grad()
        torch.nn.functional.mse_loss(ref(x), y).backward()
        optimizer.step()
    for (name, p), q in zip(model.named_parameters(), ref.parameters(), strict=True):
        close(p, q, f"{name} after two backward passes", f"两次反向传播后的 {name}")
    return "each parameter stepped inside backward; no .grad kept"
