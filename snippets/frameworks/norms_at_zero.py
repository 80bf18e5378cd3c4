"""The gradient of a Euclidean norm at and near the zero vector: PyTorch returns 0 at 0, JAX and TensorFlow NaN."""
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

# --8<-- [start:near]
tiny = 1e-20                               # not zero, but its square is below float32's normal range
squares = {"torch": (torch.full((3,), tiny) ** 2)[0].item(), "tf": float((tf.fill([3], tiny) ** 2)[0])}
x = torch.full((3,), tiny, requires_grad=True)
torch.linalg.vector_norm(x).backward()
v = tf.Variable(tf.fill([3], tiny))
with tf.GradientTape(persistent=True) as tape:
    norm, norm_of_squares = tf.norm(v), tf.norm(v * v)
near = {"torch.linalg.vector_norm(x)": x.grad.tolist(),
        "tf.norm(x)": tape.gradient(norm, v).numpy().tolist(),
        "tf.norm(x * x)": tape.gradient(norm_of_squares, v).numpy().tolist()}
# --8<-- [end:near]
print(f"\nx = {tiny:g}: x * x is {squares['torch']:.1e} in torch, {squares['tf']} in tf (flushed to zero)")
for name, grad in near.items():
    print(f"{name:<28} gradient: {[round(g, 4) for g in grad]}")
assert squares["tf"] == 0.0 < squares["torch"]
assert [round(g, 4) for g in near["torch.linalg.vector_norm(x)"]] == [0.5774] * 3     # x / |x|
assert near["tf.norm(x)"] == [float("inf")] * 3
assert all(g != g for g in near["tf.norm(x * x)"])                     # NaN, as at 0
