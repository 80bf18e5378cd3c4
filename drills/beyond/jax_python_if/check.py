from pathlib import Path

import jax
import jax.numpy as jnp
import numpy as np
import torch

from drills.harness import close, guarded, load, need


def check(path: Path) -> str:
    drill = load(path)
    fn = need(drill, "smooth_abs")
    x = jnp.array([0.5, -2.0, 3.0, -0.25, 0.0, 1.5])
    xs = np.asarray(x)
    want = np.where(np.abs(xs) < 1, 0.5 * xs**2, np.abs(xs) - 0.5).sum()
    want_grad = np.where(np.abs(xs) < 1, xs, np.sign(xs))
    value = guarded("jax.jit(smooth_abs)", jax.jit(fn), x, path=path)
    close(
        torch.tensor(float(value)),
        torch.tensor(want),
        "jax.jit(smooth_abs)(x)",
        "jax.jit(smooth_abs)(x)",
    )
    grad = guarded("jax.jit(jax.grad(smooth_abs))", jax.jit(jax.grad(fn)), x, path=path)
    close(torch.tensor(np.asarray(grad)), torch.tensor(want_grad), "the gradient", "梯度")
    return "smooth_abs traces once under jit; value and gradient are right"
