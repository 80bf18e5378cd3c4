from pathlib import Path

import jax
import numpy as np
import torch

from drills.harness import Fail, call, close, load, need


def check(path: Path) -> str:
    drill = load(path)
    step = need(drill, "step")
    if not hasattr(step, "lower"):
        raise Fail(
            "step must stay jitted (decorated with @jax.jit)",
            "step 必须保持被 jit（用 @jax.jit 装饰）",
        )
    rng = np.random.default_rng(0)
    batches = [jax.numpy.asarray(rng.normal(size=4)) for _ in range(3)]
    losses, logged = call(drill, "run", batches)
    for i, x in enumerate(batches):
        h = np.tanh(2 * np.asarray(x, dtype=np.float64))
        close(torch.tensor(float(losses[i])), torch.tensor((h**2).sum()), f"loss {i}", f"损失 {i}")
        close(
            torch.tensor(np.asarray(logged[i])),
            torch.tensor(h + 1),
            f"logged activation {i}",
            f"记录的激活 {i}",
        )
    return "losses and logged activations are concrete arrays; step stays jitted"
