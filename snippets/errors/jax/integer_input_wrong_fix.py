"""allow_int=True silences the error; the "gradient" of an integer input then has the empty type float0."""
import jax
import jax.numpy as jnp


def f(x):
    return jnp.sin(x)


g = jax.grad(f, allow_int=True)(3)
print("grad(f, allow_int=True)(3) =", g, "  dtype:", g.dtype)
assert g.dtype == jax.dtypes.float0              # holds no number at all, not cos(3)
