"""Summing the outputs makes grad accept f, but returns the column sums of J, not J."""
import jax
import jax.numpy as jnp

A = jnp.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])


def f(x):
    return A @ x


x = jnp.array([1.0, -1.0])
summed = jax.grad(lambda x: jnp.sum(f(x)))(x)
print("grad(sum(f))(x) =", summed.tolist(), "  shape", summed.shape)
print("the Jacobian has shape", jax.jacrev(f)(x).shape)
assert jnp.array_equal(summed, A.sum(axis=0))    # 1^T J: every output's gradient added together
