# snippet: raises=jax.errors.UnexpectedTracerError
"""A nondiff_argnums value that jit traces is refused by custom_vjp, whether it is a Python float or an array."""
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
print("no jit, s a Python float:          ", float(jax.grad(scale)(1.0, 3.0)))
print("no jit, s an array:                ", float(jax.grad(scale)(1.0, jnp.array(3.0))))
print("jit, s a float in static_argnums:  ", float(jax.jit(jax.grad(scale), static_argnums=1)(1.0, 3.0)))
try:
    jax.jit(jax.grad(scale))(1.0, 3.0)   # s is a jit argument: traced, although a Python float
except jax.errors.UnexpectedTracerError:
    print("jit, s a Python float as argument:  UnexpectedTracerError")
jax.jit(jax.grad(scale))(1.0, jnp.array(3.0))   # the same with an array: s is a tracer
