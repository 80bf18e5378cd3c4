# snippet: raises=jax.errors.UnexpectedTracerError
"""An array passed in a nondiff_argnums position is a tracer under jit: custom_vjp refuses it."""
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.custom_vjp, nondiff_argnums=(1,))
def scale(x, s):
    return x * s


def scale_fwd(x, s):
    return x * s, None


def scale_bwd(s, _, g):
    return (g * s,)


scale.defvjp(scale_fwd, scale_bwd)
print("a Python float in that position works:", float(jax.grad(scale)(1.0, 3.0)))
jax.jit(jax.grad(scale))(1.0, jnp.array(3.0))   # under jit, s is a tracer
