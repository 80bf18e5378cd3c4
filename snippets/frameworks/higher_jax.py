"""JAX: grad returns an ordinary function, so grad(grad(h)) is just another function."""
import jax
import jax.numpy as jnp

A = 1.5
EXPECTED = [4 * A**3, 12 * A**2, 24 * A]            # h(x) = x^4: h', h'', h'''


def h(x):
    return x**4


# --8<-- [start:grad]
d = [jax.grad(h), jax.grad(jax.grad(h)), jax.grad(jax.grad(jax.grad(h)))]
# --8<-- [end:grad]
print("grad(grad):", [float(g(A)) for g in d])
assert [float(g(A)) for g in d] == EXPECTED


# --8<-- [start:hessian]
def f(x, w):
    return jnp.sum(w * x**3)


x, w = jnp.array([1.0, 2.0, 3.0]), jnp.array([0.5, -1.0, 2.0])
hess = jax.hessian(f)(x, w)                         # jacfwd(jacrev(f)), w.r.t. argument 0
# --8<-- [end:hessian]
print("jax.hessian(f)(x, w):")
for row in hess.tolist():
    print("   ", [v + 0.0 for v in row])
assert (hess == jnp.diag(6 * w * x)).all()
