"""Fix: branch with an array operation (jnp.where or lax.cond), which jit can stage for every value."""
import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def with_where(x):                               # both sides computed, one selected per element
    return jnp.where(x > 1.0, 1.0, x**2)


@jax.jit
def with_cond(x):                                # both sides traced, one run
    return lax.cond(x > 1.0, lambda x: 1.0, lambda x: x**2, x)


for x in (0.5, 3.0):
    values = [float(with_where(x)), float(with_cond(x))]
    grads = [float(jax.grad(with_where)(x)), float(jax.grad(with_cond)(x))]
    print(f"x = {x}: value {values}, gradient {grads}")
    expected = (1.0, 0.0) if x > 1.0 else (x**2, 2 * x)   # analytic: d/dx x^2 = 2x, else 0
    assert values == [expected[0]] * 2 and grads == [expected[1]] * 2
