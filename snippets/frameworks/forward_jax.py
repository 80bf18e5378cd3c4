"""JAX forward mode: jax.jvp pushes a tangent through the function in one pass."""
import jax
import jax.numpy as jnp

x, w = jnp.array([1.0, 2.0, 3.0]), jnp.array([0.5, -1.0, 2.0])
v = jnp.array([1.0, 0.5, -1.0])                     # the tangent: a direction in x-space
JV = [3 * b * a**2 * c for a, b, c in zip(x.tolist(), w.tolist(), v.tolist(), strict=True)]


# --8<-- [start:jvp]
def g(x):                                           # R^3 -> R^3, J = diag(3 w x^2)
    return w * x**3


out, jv = jax.jvp(g, (x,), (v,))
# --8<-- [end:jvp]
print("g(x)        =", out.tolist())
print("jax.jvp: Jv =", jv.tolist())
assert jv.tolist() == JV
assert (jax.jacfwd(g)(x) == jax.jacrev(g)(x)).all()     # column by column = row by row
