"""JAX: no recording to set up; jax.grad turns f into a new function that returns its gradient."""
import jax
import jax.numpy as jnp

X, W = [1.0, 2.0, 3.0], [0.5, -1.0, 2.0]
DX = [3 * w * x**2 for x, w in zip(X, W, strict=True)]  # analytic: df/dx = 3 w x^2
DW = [x**3 for x in X]                              # analytic: df/dw = x^3


# --8<-- [start:grad]
def f(x, w):
    return jnp.sum(w * x**3)


x = jnp.array(X)
w = jnp.array(W)
df = jax.value_and_grad(f, argnums=(0, 1))          # a function of (x, w), nothing run yet
y, (gx, gw) = df(x, w)
# --8<-- [end:grad]
print("f(x, w) =", float(y))
print("df/dx   =", gx.tolist())
print("df/dw   =", gw.tolist())
assert gx.tolist() == DX and gw.tolist() == DW

# --8<-- [start:nonscalar]
try:
    jax.grad(lambda x: x**2)(x)                     # three outputs, not one
except TypeError as err:
    print("non-scalar output:", f"TypeError: {err}")
v, vjp = jax.vjp(lambda x: x**2, x)                 # say which v^T J you want
(gv,) = vjp(jnp.ones(3))
# --8<-- [end:nonscalar]
print("vjp with ones:", gv.tolist())
assert gv.tolist() == [2 * a for a in X]
