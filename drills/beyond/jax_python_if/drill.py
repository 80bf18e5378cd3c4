"""A Python if under jax.jit / jax.jit 下的 Python if

`smooth_abs(x)` is a loss that behaves like `x²/2` near 0 and like `|x| - 1/2` further out
(a Huber loss, summed). It works when called directly. `jax.jit(smooth_abs)` raises while
tracing, and so does `jax.grad` under jit. Make it work under `jax.jit` and `jax.grad`, with the
same values, element by element.

`smooth_abs(x)` 是一个损失：在 0 附近像 `x²/2`，离得远时像 `|x| - 1/2`（Huber 损失，再求和）。
直接调用它没问题。`jax.jit(smooth_abs)` 在追踪时报错，jit 下的 `jax.grad` 也一样。让它能在
`jax.jit` 和 `jax.grad` 下工作，逐元素的值保持不变。
"""

import jax
import jax.numpy as jnp


def smooth_abs(x: jax.Array) -> jax.Array:
    total = 0.0
    for v in x:
        if jnp.abs(v) < 1.0:
            total += 0.5 * v**2
        else:
            total += jnp.abs(v) - 0.5
    return total


if __name__ == "__main__":
    print(jax.jit(jax.grad(smooth_abs))(jnp.array([0.5, -2.0, 3.0])))
