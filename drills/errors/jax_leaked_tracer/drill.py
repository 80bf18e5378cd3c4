"""A value that escaped from jit / 从 jit 里逃出来的值

`step(x)` is a jitted computation; it also stores its hidden activation in `LOG`, to inspect it
afterwards. `run(batches)` calls `step` on each batch and returns the losses and the logged
activations, each plus 1. Using a logged value raises. Return the same losses and activations
(`tanh(2x) + 1` for each batch), keeping `step` jitted.

`step(x)` 是一个被 jit 的计算；它还把隐藏层激活存进 `LOG`，以便事后查看。`run(batches)` 对每个
批次调用 `step`，返回损失和记录下来的激活（各加 1）。一用到记录下来的值就报错。返回同样的损失和激活
（每个批次的 `tanh(2x) + 1`），并让 `step` 保持被 jit。
"""

import jax
import jax.numpy as jnp

LOG: list = []


@jax.jit
def step(x: jax.Array) -> jax.Array:
    hidden = jnp.tanh(2 * x)
    LOG.append(hidden)  # for inspection later
    return jnp.sum(hidden**2)


def run(batches: list[jax.Array]) -> tuple[list[jax.Array], list[jax.Array]]:
    LOG.clear()
    losses = [step(x) for x in batches]
    return losses, [h + 1 for h in LOG]


if __name__ == "__main__":
    print(run([jnp.ones(3), jnp.zeros(3)]))
