"""Three ways to branch under jax.jit: lax.cond, jnp.where, or a static (Python) argument."""
import jax
import jax.numpy as jnp
from jax import lax


# --8<-- [start:fixes]
@jax.jit
def with_cond(x):                                   # both branches traced, one runs
    return lax.cond(x > 0, lambda x: x**3, jnp.zeros_like, x)


@jax.jit
def with_where(x):                                  # both branches computed, one selected
    return jnp.where(x > 0, x**3, 0.0)


traces = 0


def with_static(x, positive):
    global traces
    traces += 1
    if positive:                                    # a Python bool, known while tracing
        return x**3
    return jnp.zeros_like(x)


with_static = jax.jit(with_static, static_argnums=1)   # one trace per value of `positive`
# --8<-- [end:fixes]

for a in (2.0, -2.0):
    row = [float(g(a)) for g in (with_cond, with_where, jax.grad(with_cond), jax.grad(with_where))]
    print(f"x = {a:4}: cond, where = {row[:2]}   grads = {row[2:]}")
    assert row == ([8.0, 8.0, 12.0, 12.0] if a > 0 else [0.0, 0.0, 0.0, 0.0])
for a in (2.0, 3.0, -2.0):
    print(f"with_static({a}, {a > 0}) = {float(with_static(a, a > 0))}")
print("with_static traced", traces, "times: once per value of the static argument")
assert traces == 2
