"""JAX: make_jaxpr prints what tracing recorded; grad(f) is a jaxpr too, and Python side effects vanish."""
import jax
import jax.numpy as jnp

x, w = jnp.array([1.0, 2.0, 3.0]), jnp.array([0.5, -1.0, 2.0])
log = []


# --8<-- [start:jaxpr]
def f(x, w):
    return jnp.sum(w * x**3)


def f_with_side_effects(x, w):
    log.append("traced")                            # Python, not a JAX operation
    print("  tracing with x =", x)
    return jnp.sum(w * x**3)


print(jax.make_jaxpr(f)(x, w))
print(jax.make_jaxpr(jax.grad(f))(x, w))
side = jax.make_jaxpr(f_with_side_effects)(x, w)
# --8<-- [end:jaxpr]
print("f_with_side_effects has the same jaxpr as f:", str(side) == str(jax.make_jaxpr(f)(x, w)))
assert str(side) == str(jax.make_jaxpr(f)(x, w)) and log == ["traced"]
