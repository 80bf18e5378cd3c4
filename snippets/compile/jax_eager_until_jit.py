"""JAX runs op by op too; jax.jit is a transformation you opt into, and only it needs a trace."""
import jax
import jax.numpy as jnp


# --8<-- [start:define]
def loss(x):
    print("  Python sees x =", x)
    if x.sum() > 0:                    # a Python branch on a value
        return (x ** 2).sum()
    return (-x).sum()
# --8<-- [end:define]


x = jnp.array([1.0, 2.0, 3.0])
# --8<-- [start:run]
print("plain call (each jnp op runs now):")
y = loss(x)
print("  ->", type(y).__name__, y)
print("jax.grad, no jit (tracers that carry real values):")
g = jax.grad(loss)(x)
print("  ->", g)
print("jax.jit (abstract tracer: shape and dtype only):")
try:
    jax.jit(loss)(x)
except jax.errors.TracerBoolConversionError as error:
    print("  ->", type(error).__name__ + ":", str(error).splitlines()[0])
# --8<-- [end:run]
assert float(y) == 14.0 and jnp.allclose(g, 2 * x)
