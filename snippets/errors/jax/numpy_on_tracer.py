# snippet: raises=jax.errors.TracerArrayConversionError
"""NumPy needs concrete numbers; under jax.grad the argument is a tracer."""
import jax
import numpy as np


def f(x):
    return np.sin(x) * x                         # NumPy, not jax.numpy


jax.grad(f)(1.0)
