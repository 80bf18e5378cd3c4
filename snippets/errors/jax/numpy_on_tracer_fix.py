"""Fix: use jax.numpy inside functions that JAX transforms; NumPy only on concrete results."""
import math

import jax
import jax.numpy as jnp
import numpy as np


def f(x):
    return jnp.sin(x) * x


g = jax.grad(f)(1.0)
expected = math.cos(1.0) * 1.0 + math.sin(1.0)   # analytic: x cos x + sin x
print(f"grad(f)(1.0) = {float(g):.6f}   analytic {expected:.6f}")
assert abs(float(g) - expected) < 1e-6
print("NumPy on the result, outside the transformation:", np.round(np.asarray(g), 4))
