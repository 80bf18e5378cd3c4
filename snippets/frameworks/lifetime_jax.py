"""JAX: nothing is kept between calls; jax.vjp hands you the residuals inside a function."""
import weakref

import jax
import jax.numpy as jnp

x, w = jnp.array([1.0, 2.0, 3.0]), jnp.array([0.5, -1.0, 2.0])


def f(x, w):
    return jnp.sum(w * x**3)


def alive(refs):
    return ["alive" if r() is not None else "freed" for r in refs]


# --8<-- [start:vjp]
y, f_vjp = jax.vjp(f, x, w)                         # forward now; backward as a function
residuals = jax.tree_util.tree_leaves(f_vjp)        # what the backward will need
print("residuals held by f_vjp:", [r.tolist() for r in residuals])
refs = [weakref.ref(r) for r in residuals]
del residuals
print("1st call, d/dx, d/dw:", [g.tolist() for g in f_vjp(1.0)])
print("2nd call, seed 2.0:  ", [g.tolist() for g in f_vjp(2.0)])   # as often as you like
print("while f_vjp exists:  ", alive(refs))
del f_vjp
print("after del f_vjp:     ", alive(refs))
# --8<-- [end:vjp]
assert refs[0]() is w and alive(refs) == ["alive", "freed", "freed"]   # w is still ours
