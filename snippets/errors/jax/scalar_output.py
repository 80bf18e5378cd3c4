# snippet: raises=TypeError
"""jax.grad differentiates a function with one scalar output; this one returns a vector."""
import jax
import jax.numpy as jnp

A = jnp.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])


def f(x):
    return A @ x                                 # three outputs


jax.grad(f)(jnp.array([1.0, -1.0]))
