"""Fix: say which derivative you want: the Jacobian (jacrev), or one vector-Jacobian product (vjp)."""
import jax
import jax.numpy as jnp

A = jnp.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])


def f(x):
    return A @ x


x = jnp.array([1.0, -1.0])
jacobian = jax.jacrev(f)(x)                      # d f_i / d x_j, one row per output
_, vjp = jax.vjp(f, x)
(row_1,) = vjp(jnp.array([0.0, 1.0, 0.0]))      # e_1^T J: the gradient of output 1 alone
print("jacrev(f)(x) =", jacobian.tolist())
print("gradient of f(x)[1] =", row_1.tolist())
assert jnp.array_equal(jacobian, A) and jnp.array_equal(row_1, A[1])   # analytic: J = A
