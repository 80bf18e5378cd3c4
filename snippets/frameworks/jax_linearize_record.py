"""JAX's reverse mode records too: linearize stages out a linear program, and vjp transposes it."""
import jax
import jax.numpy as jnp

x, w = jnp.array([1.0, 2.0, 3.0]), jnp.array([0.5, -1.0, 2.0])
runs = []


def f(x, w):
    runs.append("f")                                  # counts how often f's Python runs
    return jnp.sum(w * x**3)


# --8<-- [start:record]
y, f_jvp = jax.linearize(f, x, w)                    # runs f once, with real values
print("f's Python ran", len(runs), "time; y =", float(y))
print("the recorded linear program, residuals as its constants:")
print(jax.make_jaxpr(f_jvp)(x, w))
print("residuals:", [r.tolist() for r in jax.tree_util.tree_leaves(f_jvp)])
f_vjp = jax.linear_transpose(f_jvp, x, w)            # reverse mode = transpose of the record
grads = f_vjp(1.0)
print("transposed, seed 1.0:", [g.tolist() for g in grads])
print("f's Python runs since linearize:", len(runs) - 1)
# --8<-- [end:record]
expected = jax.grad(f, argnums=(0, 1))(x, w)
assert all(jnp.array_equal(g, e) for g, e in zip(grads, expected, strict=True))
assert len(runs) == 2                                 # linearize once, jax.grad once
