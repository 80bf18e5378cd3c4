"""Fix: differentiate at a float: 3.0, or an array built with a float dtype."""
import math

import jax
import jax.numpy as jnp


def f(x):
    return jnp.sin(x)


g = jax.grad(f)(3.0)
print(f"grad(f)(3.0) = {float(g):.6f}   cos(3.0) = {math.cos(3.0):.6f}")
assert abs(float(g) - math.cos(3.0)) < 1e-6      # analytic: d/dx sin x = cos x
xs = jnp.arange(3.0)                             # not jnp.arange(3), which is int32
grads = jax.vmap(jax.grad(f))(xs)
print("vmap(grad(f))(arange(3.0)) =", [f"{v:.4f}" for v in grads.tolist()])
assert jnp.allclose(grads, jnp.cos(xs))
