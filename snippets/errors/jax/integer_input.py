# snippet: raises=TypeError
"""jax.grad needs a float (or complex) input: 3 is an integer."""
import jax
import jax.numpy as jnp


def f(x):
    return jnp.sin(x)


jax.grad(f)(3)
