"""The gradient of a norm at the zero vector: PyTorch returns 0, JAX and TensorFlow return NaN."""
import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
import jax
import jax.numpy as jnp
import tensorflow as tf
import torch

# --8<-- [start:three]
x = torch.zeros(3, requires_grad=True)
torch.linalg.vector_norm(x).backward()
torch_norm = x.grad.tolist()

jax_norm = jax.grad(lambda v: jnp.linalg.norm(v))(jnp.zeros(3)).tolist()
jax_squared = jax.grad(lambda v: jnp.linalg.norm(v) ** 2)(jnp.zeros(3)).tolist()

v = tf.Variable(tf.zeros(3))
with tf.GradientTape() as tape:
    y = tf.norm(v * v)
tf_norm = tape.gradient(y, v).numpy().tolist()
# --8<-- [end:three]

# --8<-- [start:fixes]
jax_sum_of_squares = jax.grad(lambda v: jnp.sum(v**2))(jnp.zeros(3)).tolist()


def safe_norm(v):                          # the double-where pattern: no sqrt at 0, ever
    squared = jnp.sum(v**2)
    is_zero = squared == 0
    return jnp.where(is_zero, 0.0, jnp.sqrt(jnp.where(is_zero, 1.0, squared)))


jax_safe = jax.grad(safe_norm)(jnp.zeros(3)).tolist()
# --8<-- [end:fixes]

for name, grad in [("torch.linalg.vector_norm(x)", torch_norm),
                   ("jnp.linalg.norm(x)", jax_norm),
                   ("jnp.linalg.norm(x) ** 2", jax_squared),
                   ("tf.norm(x * x)", tf_norm),
                   ("jnp.sum(x ** 2)", jax_sum_of_squares),
                   ("safe_norm(x), double where", jax_safe)]:
    print(f"{name:<28} gradient at 0: {grad}")
assert torch_norm == [0.0, 0.0, 0.0]
assert all(g != g for g in jax_norm + jax_squared + tf_norm)          # all NaN
assert jax_sum_of_squares == jax_safe == [0.0, 0.0, 0.0]
