from pathlib import Path
from typing import Any

import torch

from drills.harness import Fail, call, close, guarded, load


def _model() -> torch.nn.Sequential:
    torch.manual_seed(0)
    return torch.nn.Sequential(
        torch.nn.Linear(64, 256),
        torch.nn.ReLU(),
        torch.nn.Linear(256, 256),
        torch.nn.ReLU(),
        torch.nn.Linear(256, 1),
    )


def _tensors(packed: Any) -> list[torch.Tensor]:
    if isinstance(packed, torch.Tensor):
        return [packed]
    if isinstance(packed, tuple | list):
        return [t for item in packed for t in _tensors(item)]
    return []


def check(path: Path) -> str:
    drill = load(path)
    model = _model()
    batch = torch.randn(32, 64) * 3
    pack, unpack = call(drill, "half_precision_hooks", model)
    stored: list[Any] = []

    def recording(t: torch.Tensor) -> Any:
        stored.append(guarded("pack()", pack, t, path=path))
        return stored[-1]

    with torch.autograd.graph.saved_tensors_hooks(recording, unpack):
        out = guarded("the forward pass with your hooks", model, batch, path=path)
        loss = out.pow(2).mean()
    skip = {p.untyped_storage().data_ptr() for p in model.parameters()}
    storages = {
        t.untyped_storage().data_ptr(): t.untyped_storage().nbytes()
        for packed in stored
        for t in _tensors(packed)
    }
    held = sum(n for ptr, n in storages.items() if ptr not in skip)
    guarded("backward()", loss.backward, path=path)
    ref = _model()
    ref_out = ref(batch)
    ref_out.pow(2).mean().backward()
    close(
        out, ref_out, "the forward output (hooks must not change it)", "前向输出（钩子不应改变它）"
    )
    for (name, p), q in zip(model.named_parameters(), ref.parameters(), strict=True):
        assert q.grad is not None
        close(
            p.grad,
            q.grad,
            f"{name}.grad",
            f"{name}.grad",
            atol=1e-3 * q.grad.abs().max().item(),
            rtol=1e-2,
        )
    full = (32 * 64 + 2 * 32 * 256 + 32 * 1) * 4  # the batch, two ReLU outputs, the output
    if held > full // 2:
        raise Fail(
            f"the graph holds {held:,} bytes of activations; float32 needs {full:,}, one "
            f"float16 copy of each {full // 2:,}: an activation saved twice was copied twice",
            f"计算图持有 {held:,} 字节的激活；float32 需要 {full:,}，每个激活一份 float16 "
            f"副本是 {full // 2:,}：被保存两次的激活被复制了两次",
        )
    return f"the graph holds {held:,} bytes of activations (float32: {full:,}); gradients close"
