"""Hiding the NumPy call in jax.pure_callback: jit now runs it, but nothing can differentiate it."""
import jax
import jax.numpy as jnp
import numpy as np


def np_sin(x):                                   # calls NumPy on concrete values at run time
    return jax.pure_callback(np.sin, jax.ShapeDtypeStruct(jnp.shape(x), jnp.float32), x)


def f(x):
    return np_sin(x) * x


print(f"jit(f)(1.0) = {float(jax.jit(f)(1.0)):.6f}")
try:
    jax.grad(f)(1.0)
except ValueError as error:
    print(f"grad(f)(1.0): ValueError: {error}")
    assert str(error).startswith("Pure callbacks do not support JVP")
